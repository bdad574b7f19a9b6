import fc from 'fast-check'
import { encodeAbiParameters, erc20Abi, keccak256, numberToHex, type Address, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ACTIONS, chainActions } from '../../test/chainActions.js'
import { capturedLog } from '../../test/capturedLog.js'
import { startOwnChain, type OwnChain } from '../../test/ownChain.js'
import { createChainClients, FactCache, stopChainClients, type ChainClient } from '../chain/index.js'
import { stateDifferences, type ChainState } from '../chain-snapshot/index.js'
import { readChainState } from '../chain-state/index.js'
import { Metrics } from '../metrics/index.js'
import { buildRegistry, type ChainRegistry } from '../registry/index.js'
import { ChangeFollower } from './ChangeFollower.js'

const CHAIN = 31_510

/**
 * Between full reads, a new block's state is read from what its logs name: at any block it must
 * equal a full read at the same block, value for value (the call rewards extrapolated between
 * reads aside, which say so). Random deposits, withdrawals, stakes, unstakes, claims, harvests,
 * swaps, feed posts, transfers straight to a strategy and empty blocks, seconds apart, on a chain
 * of its own with the devnet's contracts of every family.
 */
describe('a state that follows the changes of each block', () => {
  let own: OwnChain
  let chains: Map<number, ChainClient>
  let registry: ChainRegistry
  let actions: ReturnType<typeof chainActions>
  const chain = () => chains.get(CHAIN)!
  const rpc = (method: string, params: unknown[]) => own.client.request({ method, params } as never)

  beforeAll(async () => {
    own = await startOwnChain({ chainId: CHAIN, specOf: 56 })
    chains = createChainClients([own.chainConfig], { timeoutMs: 10_000, retryCount: 0 })
    registry = buildRegistry(own.registry).chains.get(CHAIN)!
    actions = chainActions(own, 3)
    await actions.prepare()
  }, 120_000)
  afterAll(async () => {
    if (chains) stopChainClients(chains)
    await own?.stop()
  })

  it('equals a full read at every block it is asked for, field by field', async () => {
    const metrics = new Metrics()
    const { log } = capturedLog()
    // No full read by the period: every block after the first is read from its changes.
    const follower = new ChangeFollower({ fullReadSeconds: 86_400, log, metrics })
    const facts = new FactCache()
    const step = fc.record({ action: fc.constantFrom(...ACTIONS), pick: fc.nat(1_000), seconds: fc.nat(30), compare: fc.boolean() })
    let compared = 0
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 3, maxLength: 12 }), async (steps) => {
        for (const { action, pick, seconds, compare } of steps) {
          await rpc('evm_increaseTime', [seconds])
          await actions.act(action, pick)
          if (!compare) continue
          const head = await own.client.getBlockNumber({ cacheTime: 0 })
          const followed = await follower.read(chain(), registry, facts, { head })
          const full = await readChainState(chain(), registry, new FactCache(), { head })
          expect(followed.blockNumber).toBe(head)
          expect(stateDifferences(followed, full), `after ${action} at block ${head}`).toEqual([])
          compared++
        }
      }),
      { numRuns: 12 },
    )
    const reads = await metrics.snapshotReads.get()
    const count = (kind: string) => reads.values.filter((value) => value.labels.kind === kind).reduce((sum, value) => sum + value.value, 0)
    // The first read is full; every other one followed the changes (none fell back to a full read).
    expect(count('full')).toBe(1)
    expect(count('changes')).toBe(compared - 1)
    expect(compared).toBeGreaterThan(15)
  }, 300_000)

  it('misses a change no log names until the spread full read reaches it within its period, which logs it, counts it and serves the chain', async () => {
    const metrics = new Metrics()
    const { log, lines } = capturedLog()
    const follower = new ChangeFollower({ fullReadSeconds: 60, log, metrics })
    const facts = new FactCache()
    const read = async () => {
      const head = await own.client.getBlockNumber({ cacheTime: 0 })
      return { followed: await follower.read(chain(), registry, facts, { head }), full: await readChainState(chain(), registry, new FactCache(), { head }) }
    }
    const differing = (states: { followed: ChainState; full: ChainState }) =>
      stateDifferences(states.followed, states.full).map(({ contract, field }) => `${contract} ${field}`)
    await read()
    // Want sent straight to a strategy logs only the token's Transfer, which names the strategy: read at once.
    await actions.act('transfer', 0)
    expect(differing(await read())).toEqual([])

    // A vault holding its want itself (no strategy): its want balance set in the token's storage, as a rebase or a bug would.
    const vault = own.manifest.vaults.find((candidate) => candidate.kind === 'erc4626' && !candidate.strategy)!
    const slot = await balanceSlot(vault.want, vault.address)
    const held = await own.client.readContract({ address: vault.want, abi: erc20Abi, functionName: 'balanceOf', args: [vault.address] })
    await rpc('anvil_setStorageAt', [vault.want, slot, numberToHex(held * 2n, { size: 32 })])
    const setAt = (await own.client.getBlock()).timestamp
    // Block after block, 5 s apart: no log names the vault, so only its turn in the full read finds the change.
    let caught: { followed: ChainState; full: ChainState } | undefined
    let missed = 0
    while (!caught) {
      await rpc('evm_increaseTime', [4])
      await own.mine(1)
      const states = await read()
      expect(states.full.vaultWant.get(vault.address)).toBe(held * 2n)
      expect(states.full.timestamp - Number(setAt), 'within a period of chain time').toBeLessThanOrEqual(60)
      if (states.followed.vaultWant.get(vault.address) === held) {
        expect(differing(states)).toEqual([`${vault.address} vaultWant`, `${vault.address} vaultHeld`])
        missed++
      } else caught = states
    }
    expect(differing(caught)).toEqual([])
    expect(missed, 'missed at first: no log names the change').toBeGreaterThan(0)
    const drift = (await metrics.snapshotDrift.get()).values.map((value) => [value.labels.field, value.value])
    expect(drift).toEqual([
      ['vaultWant', 1],
      ['vaultHeld', 1],
    ])
    const warned = lines.filter((line) => line.msg.startsWith('a full read found a change no log named')) as unknown as Record<string, string>[]
    expect(warned.map((line) => [line.contract, line.field, line.was, line.now])).toEqual([
      [vault.address, 'vaultWant', String(held), String(held * 2n)],
      [vault.address, 'vaultHeld', String(held), String(held * 2n)],
    ])
  }, 60_000)

  /** The storage slot of `holder`'s balance in `token` (an ERC-20 keeping balances in a mapping), found by reading the first ten. */
  async function balanceSlot(token: Address, holder: Address): Promise<Hex> {
    const balance = await own.client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [holder] })
    for (let index = 0n; index < 10n; index++) {
      const slot = keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [holder, index]))
      if (BigInt((await own.client.getStorageAt({ address: token, slot })) ?? '0x0') === balance) return slot
    }
    throw new Error(`no balance slot of ${holder} in ${token} among the first ten`)
  }
})
