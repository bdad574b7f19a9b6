import { afterAll, beforeAll } from 'vitest'
import { startOwnChain, type OwnChain } from './ownChain.js'
import { refresherApp, type RefresherApp } from './refresherApp.js'

/** What the service takes besides the chain's settings and its registry, or in their place. */
type ServiceInput = Partial<Parameters<typeof refresherApp>[0]>

/**
 * A chain of the test's own (`chain`, as `startOwnChain` takes it) and a refresher and API over it
 * (`refresherApp`), started before the tests of the describe block this is called in (of the file,
 * at its top level) and stopped after them, the service before the chain it reads. `setUp` moves
 * the chain before the service starts (its past, its clock, trades) and gives what the service
 * takes besides the chain's settings and registry (a changed registry, an index); `ready` is what
 * the service does before the first test (a first snapshot, its refresher started). Both run in
 * the one hook, which has `timeout` ms (60 s unless given: a chain starts in about 3 s).
 * `own()` and `service()` give what the hook started (functions: the hook runs after the block is
 * read), for the tests and their helpers.
 */
export function ownService(
  chain: Parameters<typeof startOwnChain>[0],
  options: {
    setUp?: (own: OwnChain) => ServiceInput | undefined | Promise<ServiceInput | undefined>
    ready?: (service: RefresherApp, own: OwnChain) => Promise<unknown>
    timeout?: number
  } = {},
): { own: () => OwnChain; service: () => RefresherApp } {
  let own: OwnChain | undefined
  let service: RefresherApp | undefined
  beforeAll(async () => {
    own = await startOwnChain(chain)
    const input = await options.setUp?.(own)
    service = await refresherApp({ chains: [own.chainConfig], registry: own.registry, ...input })
    await options.ready?.(service, own)
  }, options.timeout ?? 60_000)
  afterAll(async () => {
    await service?.close()
    await own?.stop()
  })
  return { own: () => started(own), service: () => started(service) }
}

function started<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('ownService: the chain and its service start in beforeAll; read them from a hook or a test')
  return value
}
