import { readFile, unlink } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Receipts stored before migration 0015: files under DATA_DIR/uploads/receipts with random
 * names that say nothing. Read-only now; new uploads go to the UploadStore.
 */
const FILE_NAME = /^[0-9a-f]{32}\.jpg$/;

export class ReceiptStorage {
  private readonly dir: string;
  constructor(dataDir: string) {
    this.dir = join(dataDir, 'uploads', 'receipts');
  }

  /** The file's bytes, or null when it is gone. */
  async read(fileName: string): Promise<Buffer | null> {
    try {
      return await readFile(this.path(fileName));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async remove(fileName: string): Promise<void> {
    await unlink(this.path(fileName)).catch(() => {});
  }

  /** Names come from our database, but a path is only ever built from the strict pattern. */
  private path(fileName: string): string {
    if (!FILE_NAME.test(fileName)) throw new Error(`refusing receipt file name ${fileName}`);
    return join(this.dir, fileName);
  }
}
