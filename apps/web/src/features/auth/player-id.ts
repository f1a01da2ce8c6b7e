/** SPEC.md §3: the stored player id is set on login and cleared on logout. */
export const PLAYER_ID_KEY = 'playerId';

export function storePlayerId(id: string) {
  try {
    localStorage.setItem(PLAYER_ID_KEY, id);
  } catch {
    // storage disabled: nothing depends on it within this page
  }
}

export function clearPlayerId() {
  try {
    localStorage.removeItem(PLAYER_ID_KEY);
  } catch {
    // storage disabled
  }
}

export function storedPlayerId(): string | null {
  try {
    return localStorage.getItem(PLAYER_ID_KEY);
  } catch {
    return null;
  }
}
