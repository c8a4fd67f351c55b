// jose, loaded when the first signed token is verified: it adds about 14 MB to a process's memory, which a sidecar
// that never sees a JWT (basic modes, hybrid mode before its first bearer) does not carry (issue 18, item 12).
type Jose = typeof import('jose');

let loading: Promise<Jose> | undefined;

export function loadJose(): Promise<Jose> {
  return (loading ??= import('jose'));
}
