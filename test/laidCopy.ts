import { execFileSync } from 'node:child_process'
import { cpSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect } from 'vitest'
import { laidFolderOf, unloadableReason } from '../src/devnet/index.js'

/** The live cadence a laid past is laid for (DEVNET_BLOCK_TIME_MS's default), seconds. */
export const LAID_BLOCK_SECONDS = 120

/**
 * A laid past of its own: a copy of the one `npm install` laid in this checkout when it can be
 * loaded (CI's clean clone has one), else one laid here by the same script.
 */
export function laidCopy(): { dataDir: string; folder: string } {
  const root = mkdtempSync(join(tmpdir(), 'laid-devnet-'))
  const dataDir = join(root, 'pglite')
  const folder = laidFolderOf(dataDir)
  if (unloadableReason(laidFolderOf('.devnet/pglite'), { blockSeconds: LAID_BLOCK_SECONDS }) === undefined)
    cpSync(laidFolderOf('.devnet/pglite'), folder, { recursive: true })
  else
    execFileSync(process.execPath, ['--import', 'tsx', 'scripts/layDevnet.ts'], {
      env: { ...process.env, DEVNET_DATA_DIR: dataDir, DEVNET_LAY: 'always' },
      stdio: 'pipe',
      timeout: 240_000,
    })
  expect(unloadableReason(folder, { blockSeconds: LAID_BLOCK_SECONDS })).toBeUndefined()
  return { dataDir, folder }
}
