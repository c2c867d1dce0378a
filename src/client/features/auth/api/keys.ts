/** Who is signed in, and whether this browser holds an unspent access grant. */
export const authKeys = {
  currentUser: ["current-user"] as const,
  accessGrant: ["access-grant"] as const,
};
