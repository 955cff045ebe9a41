-- Uploaded files (receipts now, avatars next) in the database, so that every instance of the
-- server reads what any instance stored (docs/decisions/014-deployment.md). The bytes are
-- already re-encoded and bounded by the upload routes (a receipt is at most a few MB).
CREATE TABLE uploads (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  kind text NOT NULL CHECK (kind IN ('receipt', 'avatar')),
  content_type text NOT NULL CHECK (content_type IN ('image/jpeg', 'image/png', 'image/webp')),
  size integer NOT NULL CHECK (size > 0 AND size = octet_length(data)),
  data bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- A receipt names where its bytes are: an upload's id, or (receipts stored before this
-- migration) a file name under the instance's DATA_DIR/uploads/receipts.
ALTER TABLE payment_proofs RENAME COLUMN file_name TO storage_key;
ALTER TABLE payment_proofs DROP CONSTRAINT payment_proofs_file_name_check;
ALTER TABLE payment_proofs ADD CONSTRAINT payment_proofs_storage_key_check
  CHECK (storage_key ~ '^([0-9a-f]{32}\.jpg|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$');
