// Which component renders which path. Paths not listed here render the placeholder.
import type { ComponentType } from 'react';
import { KycScreen } from '../features/application/kyc-screen';
import { MobileStepScreen } from '../features/application/mobile-step-screen';
import { HomeScreen } from '../features/home/home-screen';
import { ProfileScreen } from '../features/home/profile-screen';
import { SyncCenterScreen } from '../features/sync/sync-center-screen';

export const SCREENS: Partial<Record<string, ComponentType>> = {
  '/': HomeScreen,
  '/profile': ProfileScreen,
  '/sync': SyncCenterScreen,
  '/application/mobile': MobileStepScreen,
  '/application/kyc': KycScreen,
};
