import { useState } from 'react';

interface AvatarProps {
  name: string;
  src?: string | null;
  size?: 'xs' | 'sm' | 'md' | 'lg';
}

/** Photo when there is one (and it loads), else the first letter of the name. */
export function Avatar({ name, src, size = 'md' }: AvatarProps) {
  const [broken, setBroken] = useState(false);
  const initial = (name.trim().charAt(0) || '?').toUpperCase();
  return (
    <span className={`avatar avatar--${size}`} aria-hidden="true">
      {src && !broken ? <img src={src} alt="" onError={() => setBroken(true)} /> : initial}
    </span>
  );
}
