// The signed-in user's database for the component tree (null while signed out).
import { createContext, createElement, type ReactNode, useContext } from 'react';
import type { UserDb } from './user-db';

const UserDbContext = createContext<UserDb | null>(null);

export function UserDbProvider({ db, children }: { db: UserDb | null; children?: ReactNode }) {
  return createElement(UserDbContext.Provider, { value: db }, children);
}

export const useUserDb = () => useContext(UserDbContext);
