/**
 * Identities the host has not verified own nothing (docs/security.md, *Signing in with the host product's identity*).
 * An account whose address only claims to be its own (the host's token said `email_verified: false`, or nothing)
 * keeps its own documents and what anyone may open by a link, but takes nothing that is given to the address: it
 * cannot accept an invitation sent to it, nor ask for access in its name (an owner who approves grants the address).
 */
export function ownsItsAddress(user: { email_verified: boolean }): boolean {
  return user.email_verified;
}
