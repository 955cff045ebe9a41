import { randomBytes } from 'node:crypto';
import { mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Files live under DATA_DIR/uploads/receipts with random names that say nothing. */
const FILE_NAME = /^[0-9a-f]{32}\.jpg$/;

export class ReceiptStorage {
  private readonly dir: string;
  constructor(dataDir: string) {
    this.dir = join(dataDir, 'uploads', 'receipts');
  }

  /** Writes the file under a new random name and returns that name. */
  async save(data: Buffer): Promise<string> {
    await mkdir(this.dir, { recursive: true, mode: 0o750 });
    const fileName = `${randomBytes(16).toString('hex')}.jpg`;
    await writeFile(this.path(fileName), data, { flag: 'wx', mode: 0o640 });
    return fileName;
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
