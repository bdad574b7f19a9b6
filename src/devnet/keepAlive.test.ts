import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { priceFeedAbi } from '../../contracts/artifacts/index.js'
import { startOwnChain, type OwnChain } from '../../test/ownChain.js'
import { keepAlive } from './keepAlive.js'

const CHAIN = 31_471

/**
 * The running devnet's keeper: blocks mined while every feed is posted again from the one
 * deployer account, several rounds in a row. Sent together with node-chosen nonces they collided
 * ("nonce too low", "replacement transaction underpriced"); counted by the keeper, each round
 * posts every feed once. A round that fails says so in one line.
 */
describe('the devnet keeper', () => {
  let own: OwnChain
  beforeAll(async () => {
    own = await startOwnChain({ chainId: CHAIN, specOf: 56 })
  }, 60_000)
  afterAll(() => own?.stop())

  const rounds = () =>
    Promise.all(
      own.manifest.feeds.map(async (feed) => (await own.client.readContract({ address: feed.address, abi: priceFeedAbi, functionName: 'latestRoundData' }))[0]),
    )

  it('posts every feed in each round from one account, with no failure, while blocks are mined', async () => {
    expect(own.manifest.feeds.length).toBeGreaterThan(1)
    const before = await rounds()
    const logged: string[] = []
    const stop = keepAlive([own.manifest], own.manifest.accounts[0]!.address, 50, (line) => logged.push(line), { feedRefreshMs: 150 })
    await new Promise((resolve) => setTimeout(resolve, 2_000))
    stop()
    // The round under way when stopped lands too.
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(logged).toEqual([])
    const posted = (await rounds()).map((round, index) => round - before[index]!)
    // Every feed posted in every round: the same count for each, several rounds.
    expect(posted[0]).toBeGreaterThanOrEqual(3n)
    expect(new Set(posted).size).toBe(1)
  })

  it('says a failed round in one line naming the chain', async () => {
    const logged: string[] = []
    // An account the node does not sign for: every send is refused.
    const stranger = '0x000000000000000000000000000000000000bEEF'
    const stop = keepAlive([own.manifest], stranger, 60_000, (line) => logged.push(line), { feedRefreshMs: 100 })
    await new Promise((resolve) => setTimeout(resolve, 450))
    stop()
    expect(logged.length).toBeGreaterThan(0)
    for (const line of logged) {
      expect(line).toMatch(new RegExp(`^devnet: feed refresh on chain ${CHAIN} failed: `))
      expect(line).not.toContain('\n')
      expect(line.length).toBeLessThan(300)
    }
  })
})
