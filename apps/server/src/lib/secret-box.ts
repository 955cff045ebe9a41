import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/** The HKDF labels of a box's two derived keys. */
export interface SecretBoxPurpose {
  seal: string;
  hash: string;
}

const TWO_FACTOR_PURPOSE: SecretBoxPurpose = {
  seal: 'p2p-market totp secret v1',
  hash: 'p2p-market recovery code v1',
};

/**
 * Secrets the server must read back, at rest: AES-256-GCM under a key derived from
 * TOTP_ENCRYPTION_KEY, the owner's id bound in as additional data (a row copied to another user
 * does not decrypt). Two-factor secrets (the default purpose), API key and webhook secrets
 * (docs/decisions/025) each derive their own keys. Recovery codes are kept as HMAC-SHA256 under a
 * second derived key: a leaked database alone lets nobody test guesses offline.
 */
export class SecretBox {
  private readonly encryptionKey: Buffer;
  private readonly hashKey: Buffer;

  /**
   * `purpose` names the derived keys: other secrets the server must read back (API key and
   * webhook secrets, docs/decisions/025) use their own, so no sealed text opens under another's.
   */
  constructor(masterKey: Buffer, purpose: SecretBoxPurpose = TWO_FACTOR_PURPOSE) {
    if (masterKey.length !== 32) throw new Error('the two-factor key must be 32 bytes');
    const derive = (info: string) => Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), info, 32));
    this.encryptionKey = derive(purpose.seal);
    this.hashKey = derive(purpose.hash);
  }

  /** `v1.<iv>.<ciphertext>.<tag>`, base64url parts. */
  seal(plaintext: string, owner: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.encryptionKey, iv);
    cipher.setAAD(Buffer.from(owner, 'utf8'));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return ['v1', iv, body, cipher.getAuthTag()]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
      .join('.');
  }

  /** Throws when the text was altered, sealed for someone else or under another key. */
  open(sealed: string, owner: string): string {
    const [version, iv, body, tag] = sealed.split('.');
    if (version !== 'v1' || !iv || !body || !tag) throw new Error('unreadable sealed secret');
    const decipher = createDecipheriv('aes-256-gcm', this.encryptionKey, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(owner, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  }

  hash(text: string, owner: string): string {
    return createHmac('sha256', this.hashKey).update(`${owner}:${text}`).digest('hex');
  }
}
