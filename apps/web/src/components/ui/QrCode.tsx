import { QRCodeSVG } from 'qrcode.react';

/** A QR code drawn in the browser as SVG (no image service sees the address). */
export function QrCode({ value, label, size = 176 }: { value: string; label: string; size?: number }) {
  return (
    <div className="qr-code" role="img" aria-label={label} data-qr-value={value}>
      <QRCodeSVG value={value} size={size} level="M" marginSize={2} aria-hidden="true" />
    </div>
  );
}
