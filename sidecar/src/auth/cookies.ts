// Cookies of the browser OAuth routes: HttpOnly, SameSite=Lax, Secure per the COOKIE_SECURE rule.
import type { Request, Response } from 'express';

export interface CookieOptions {
  secure: boolean;
  maxAgeSeconds: number;
  path: string;
}

export function setCookie(res: Response, name: string, value: string, options: CookieOptions): void {
  const attributes = [`Path=${options.path}`, `Max-Age=${options.maxAgeSeconds}`, 'HttpOnly', 'SameSite=Lax'];
  if (options.secure) attributes.push('Secure');
  res.append('Set-Cookie', `${name}=${encodeURIComponent(value)}; ${attributes.join('; ')}`);
}

export function clearCookie(res: Response, name: string, options: Omit<CookieOptions, 'maxAgeSeconds'>): void {
  setCookie(res, name, '', { ...options, maxAgeSeconds: 0 });
}

export function readCookie(req: Request, name: string): string | undefined {
  for (const part of (req.get('cookie') ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) {
      try {
        return decodeURIComponent(value.join('='));
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}
