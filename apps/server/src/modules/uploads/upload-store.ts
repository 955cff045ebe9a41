import type { Db } from '../../db/client.ts';
import { ReceiptStorage } from './receipt-storage.ts';
import { deleteUpload, findUpload, insertUpload } from './upload-store.repository.ts';

export type UploadKind = 'receipt' | 'avatar';
export type UploadContentType = 'image/jpeg' | 'image/png' | 'image/webp';

export interface StoredUpload {
  data: Buffer;
  contentType: string;
}

/**
 * Where uploaded files live. Every instance of the server must read what any instance saved,
 * so files are not kept on an instance's disk (docs/decisions/014-deployment.md). One
 * implementation today, PostgreSQL; object storage would implement the same three calls.
 */
export interface UploadStore {
  /** Stores the bytes and returns the key to find them by. */
  save(kind: UploadKind, data: Buffer, contentType: UploadContentType): Promise<string>;
  /** The bytes under `key`, or null when there are none. */
  read(key: string): Promise<StoredUpload | null>;
  /** Forgets `key` (no error when it is already gone). */
  remove(key: string): Promise<void>;
}

const UPLOAD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Receipts stored before 0015 are files in DATA_DIR/uploads/receipts named like this. */
const LEGACY_RECEIPT = /^[0-9a-f]{32}\.jpg$/;

/**
 * Uploads in the `uploads` table. Keys are the rows' ids; the receipt file names of before
 * 0015 are still read from this instance's DATA_DIR (they were only ever on one instance).
 */
export class DatabaseUploadStore implements UploadStore {
  private readonly legacy: ReceiptStorage;
  constructor(
    private readonly db: Db,
    dataDir: string,
  ) {
    this.legacy = new ReceiptStorage(dataDir);
  }

  async save(kind: UploadKind, data: Buffer, contentType: UploadContentType): Promise<string> {
    return insertUpload(this.db, { kind, contentType, size: data.length, data });
  }

  async read(key: string): Promise<StoredUpload | null> {
    if (LEGACY_RECEIPT.test(key)) {
      const data = await this.legacy.read(key);
      return data ? { data, contentType: 'image/jpeg' } : null;
    }
    if (!UPLOAD_ID.test(key)) return null;
    return findUpload(this.db, key);
  }

  async remove(key: string): Promise<void> {
    if (LEGACY_RECEIPT.test(key)) return this.legacy.remove(key);
    if (UPLOAD_ID.test(key)) await deleteUpload(this.db, key);
  }
}
