import { describe, expect, it } from 'vitest'
import { atQuietHead } from '../../../test/devnet.js'
import { ownService } from '../../../test/ownService.js'

/**
 * The block an answer names (`x-block-number`) is the head the request met: a transaction's
 * descriptor is simulated on that block's state, whatever number the node gives the simulated
 * block (anvil runs eth_simulateV1's first block under the head's own number; the spec, as the
 * next one). On a chain of the test's own, each request is checked only when no block came in
 * while it ran (the head read before and after agree): then the answer's block must be that head.
 */
describe('x-block-number on a quiet chain', () => {
  const OWN = 5611
  const { own, service } = ownService({ chainId: OWN, specOf: 56 })

  /** The answer to `url` with `body` and the head it met, from a request no block came in during. */
  async function quietly(url: string, body: object) {
    const { result: answer, head } = await atQuietHead(own().client, () => service().app.inject({ method: 'POST', url, payload: body }))
    return { answer, head }
  }

  it('is the head for a simulated descriptor (a harvest, a deposit) and for a read (Y8)', async () => {
    const vault = own().manifest.vaults.find((candidate) => candidate.strategy && candidate.kind === 'beefy')!
    const user = own().manifest.accounts[1]!.address
    const cases = [
      [`/yield/${vault.strategy}/tx/harvest`, { user, chainId: OWN }],
      [`/yield/${vault.address}/tx/deposit`, { user, amount: '1000', chainId: OWN }],
      [`/yield/${vault.address}/call/user-deposited`, { user, chainId: OWN }],
    ] as const
    for (const [url, body] of cases) {
      const { answer, head } = await quietly(url, body)
      expect(answer.statusCode, answer.body).toBe(200)
      expect(answer.headers['x-block-number'], url).toBe(head.toString())
    }
  })
})
