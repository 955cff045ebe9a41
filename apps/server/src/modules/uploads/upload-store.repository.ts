import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { uploads } from '../../db/schema.ts';

/** Rows of the `uploads` table: the bytes of uploaded files (upload-store.ts). */

export async function insertUpload(
  db: Executor,
  values: Pick<typeof uploads.$inferInsert, 'kind' | 'contentType' | 'size' | 'data'>,
): Promise<string> {
  const [row] = await db.insert(uploads).values(values).returning({ id: uploads.id });
  if (!row) throw new Error('upload insert returned nothing');
  return row.id;
}

export async function findUpload(
  db: Executor,
  id: string,
): Promise<{ data: Buffer; contentType: string } | null> {
  const [row] = await db
    .select({ data: uploads.data, contentType: uploads.contentType })
    .from(uploads)
    .where(eq(uploads.id, id));
  return row ?? null;
}

export async function deleteUpload(db: Executor, id: string): Promise<void> {
  await db.delete(uploads).where(eq(uploads.id, id));
}
