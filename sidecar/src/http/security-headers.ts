// Helmet's security headers, computed once from helmet itself and set in one step per response: the same headers as
// `app.use(helmet())`, without its chain of a dozen middlewares on every request.
import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';

export function createSecurityHeaders() {
  const headers = new Map<string, string>();
  const removed: string[] = [];
  const recorder = {
    setHeader: (name: string, value: string) => void headers.set(name, value),
    removeHeader: (name: string) => void removed.push(name),
  };
  // Helmet's default middlewares are synchronous and read nothing from the request: one run records them all.
  helmet()({} as Request, recorder as unknown as Response, () => {});
  return (_req: Request, res: Response, next: NextFunction): void => {
    res.setHeaders(headers);
    for (const name of removed) res.removeHeader(name);
    next();
  };
}
