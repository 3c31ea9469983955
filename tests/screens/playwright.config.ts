import { defineConfig } from '@playwright/test';
import base from '../../playwright.config';

/**
 * Screens to look at, not tests: `npx playwright test -c tests/screens` photographs the states a
 * test cannot judge by eye (banners, notes, dialogs) in every shape, language and theme, into
 * screens/ (kept out of git), and lays each scene out on one contact sheet.
 */
export default defineConfig({ ...base, testDir: '.', outputDir: '../../test-results/screens', timeout: 600_000 });
