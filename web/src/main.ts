import 'uplot/dist/uPlot.min.css'
import './style.css'
import type { AprHistory, ChainStatus, DevnetManifest, Harvest, Pool, TokenList, TvlAnswer, Vault } from './answers.js'
import { $, failed, flagged, getJson, noted, short, sparkline, usd } from './dom.js'
import { fill, type Row } from './table.js'
import { loadHistory } from './tvlChart.js'
import { setUpAccount } from './account.js'
import { type PlayTarget, setUpPlayground } from './playground.js'

/*
 * The page over the public API: every figure comes from the same endpoints any client calls.
 * Each section loads on its own, so a chain that is stale or down leaves the others working.
 */

async function loadStatus(): Promise<ChainStatus[]> {
  const { chains } = await getJson<{ chains: ChainStatus[] }>('/status')
  fill(
    $('status-table'),
    ['chain', 'head', 'snapshot block', 'snapshot age', 'state', 'nodes'],
    chains.map((chain) => ({
      cells: [
        String(chain.chainId),
        chain.head ?? '—',
        chain.snapshotBlock ?? '—',
        chain.snapshotAgeSeconds === null ? '—' : `${chain.snapshotAgeSeconds} s`,
        chain.stale ? 'stale' : 'fresh',
        chain.ready ? 'answering' : 'not answering',
      ],
      data: { chain: String(chain.chainId), stale: String(chain.stale) },
      numeric: [1, 2, 3],
    })),
    { key: [0, 3, 4, 5] },
  )
  const stale = chains.filter((chain) => chain.stale)
  const banner = $('stale')
  banner.hidden = stale.length === 0
  banner.textContent = stale.length
    ? `Stale data: ${stale.map((chain) => `chain ${chain.chainId} (${chain.snapshotAgeSeconds === null ? 'no snapshot yet' : `last read ${chain.snapshotAgeSeconds} s ago`})`).join(', ')}. Figures from ${stale.length > 1 ? 'these chains' : 'this chain'} may be out of date.`
    : ''
  return chains
}

async function loadTvl(): Promise<void> {
  const tvl = await getJson<TvlAnswer>('/tvl?platform=all')
  const figures = $('tvl-figures')
  figures.replaceChildren()
  for (const [key, label] of [
    ['total', 'Total'],
    ['yieldTvl', 'Yield vaults'],
    ['poolTvl', 'Reward pools'],
    ['bridgeTvl', 'Bridges'],
  ] as const) {
    const box = document.createElement('div')
    const [dt, dd] = [document.createElement('dt'), document.createElement('dd')]
    dt.textContent = label
    dd.textContent = usd.format(tvl[key] ?? 0)
    dd.dataset.field = key
    dd.dataset.value = String(tvl[key] ?? 0)
    box.append(dt, dd)
    figures.append(box)
  }
}

/** What the playground can build for: every pool's staking pool and every vault, filled as their sections load. */
const targets: PlayTarget[] = []
/** Every vault's and pool's name by address, for the account section. */
const names = new Map<string, string>()

async function loadPools(chains: ChainStatus[]): Promise<void> {
  const rows: Row[] = []
  for (const chain of chains) {
    const { chainId } = chain
    // Three requests a chain, not some a pool: the pools with their TVL, every pool's APR history, the tokens' names.
    const [pools, history, tokens] = await Promise.all([
      getJson<Pool[]>(`/v2/pools?chain=${chainId}`),
      getJson<AprHistory>(`/v2/pools/apr-history?chain=${chainId}`).catch((): AprHistory => ({ points: [] })),
      getJson<TokenList>(`/tokens?chain=${chainId}`).catch((): TokenList => ({})),
    ])
    // Pools end at a block: the chain's head, else its snapshot's block, tells whether one has.
    const head = BigInt(chain.head ?? chain.snapshotBlock ?? '0')
    for (const pool of pools) {
      if (pool.name) names.set(pool.address, pool.name)
      const end = BigInt(pool.chaindata.endBlock)
      for (const [index, staking] of pool.chaindata.stakingPools.entries()) {
        const capped = staking.depositCap !== '0' && BigInt(staking.totalStaked) >= BigInt(staking.depositCap)
        const state = end !== 0n && end <= head ? 'ended' : capped ? 'capped' : 'active'
        // An ended staking pool pays nothing now: what it paid before its end says more than 0.00 %.
        const completed = state === 'ended' ? pool.completedAPR[String(staking.pid)] : undefined
        const apr =
          completed !== undefined
            ? noted(`${Number(completed).toFixed(2)} % (completed)`, 'the APR it had before its end block')
            : state === 'ended' && pool.completedAPRNote
              ? noted('—', pool.completedAPRNote)
              : noted(`${staking.apr.toFixed(2)} %`, staking.aprNote)
        rows.push({
          cells: [
            pool.name ?? short(pool.address),
            String(chainId),
            String(staking.pid),
            tokens[staking.stakingToken]?.symbol ?? short(staking.stakingToken),
            flagged(apr, pool.flags, `chaindata.stakingPools[${index}].apr`),
            sparkline(history.points.filter((point) => point.pool === pool.address && point.pid === staking.pid).map((point) => point.apr)),
            flagged(noted(usd.format(pool.tvl), pool.tvlWarnings?.join('; ')), pool.flags, 'tvl'),
            noted(staking.participants ?? 'not counted yet', staking.participantsNote),
            state,
          ],
          data: { address: pool.address, chain: String(chainId), pid: String(staking.pid), state },
          numeric: [4, 6, 7],
        })
        targets.push({
          label: `${pool.name ?? short(pool.address)} pid ${staking.pid} (chain ${chainId})`,
          kind: 'pool',
          address: pool.address,
          chainId,
          pid: staking.pid,
        })
      }
    }
  }
  fill($('pools-table'), ['pool', 'chain', 'pid', 'staking token', 'APR', 'APR history', 'pool TVL', 'stakers', 'state'], rows, { key: [0, 1, 4, 6] })
}

async function loadVaults(): Promise<void> {
  const vaults = await getJson<Vault[]>('/vaults')
  // Every rate the service adds is a fraction a year: the cell shows it in percent.
  const percent = (fraction: number) => `${(fraction * 100).toFixed(2)} %`
  // A missing APY shows the note that says why (the chain or vault is younger than the window, ...).
  const apy = (vault: Vault, window: '1d' | '7d' | '30d') => {
    const value = vault.apy[window]
    return value === null
      ? noted(
          '—',
          vault.notes?.find((note) => note.startsWith(`${window}:`)),
        )
      : percent(value)
  }
  // Fees and the forward APY: the cell says the figure, its title how it is made.
  const fees = (vault: Vault) =>
    vault.fees
      ? noted(
          // A strategy that fixes its performance fee unread, with no registry figure: its note says so.
          `${vault.fees.performance.total === null ? '—' : percent(vault.fees.performance.total)} / ${percent(vault.fees.withdraw)}`,
          [
            `of each harvest's earnings / of each withdrawal; deposit ${percent(vault.fees.deposit)}`,
            ...(vault.fees.performance.total === null ? (vault.notes ?? []).filter((note) => note.startsWith('fees:')) : []),
          ].join('; '),
        )
      : noted(
          '—',
          vault.notes?.find((note) => note.startsWith('fees:')),
        )
  const forward = (vault: Vault) => {
    const parts = vault.apyBreakdown
    if (!parts)
      return noted(
        // An idle vault earns nothing: 0 is its rate, not a missing figure.
        vault.idle ? 'idle' : '—',
        vault.notes?.find((note) => note.startsWith('apyBreakdown:')),
      )
    const made =
      `farm APR ${percent(parts.farmApr)} − ${percent(parts.performanceFee)} fee = vault APR ${percent(parts.vaultApr)}, ` +
      `compounded ${parts.compoundingsPerYear.toFixed(1)} times a year = ${percent(parts.vaultApy)}, ` +
      `with trading APR ${parts.tradingApr === null ? 'unknown' : percent(parts.tradingApr)}`
    return noted(parts.totalApy === null ? `${percent(parts.vaultApy)} (vault)` : percent(parts.totalApy), made)
  }
  fill(
    $('vaults-table'),
    ['vault', 'chain', 'family', 'TVL', 'fees', 'forward APY', 'APY 1 d', 'APY 7 d', 'APY 30 d', 'last harvest'],
    vaults.map((vault) => ({
      cells: [
        vault.name,
        String(vault.chainId),
        vault.kind,
        flagged(vault.tvl === null ? '—' : usd.format(vault.tvl), vault.flags, 'tvl'),
        fees(vault),
        flagged(forward(vault), vault.flags, 'apyBreakdown.totalApy'),
        flagged(apy(vault, '1d'), vault.flags, 'apy.1d'),
        flagged(apy(vault, '7d'), vault.flags, 'apy.7d'),
        flagged(apy(vault, '30d'), vault.flags, 'apy.30d'),
        vault.lastHarvest ? new Date(vault.lastHarvest * 1000).toLocaleString() : '—',
      ],
      data: { address: vault.address, chain: String(vault.chainId) },
      numeric: [3, 4, 5, 6, 7, 8],
    })),
    { key: [0, 1, 3, 5] },
  )
  for (const vault of vaults) names.set(vault.address, vault.name)
  for (const vault of vaults)
    targets.push({
      label: `${vault.name}, ${vault.kind} vault (chain ${vault.chainId})`,
      kind: 'vault',
      address: vault.address,
      chainId: vault.chainId,
      ...(vault.zaps[0] && { zap: vault.zaps[0].address }),
    })
}

async function loadHarvests(chainIds: number[]): Promise<void> {
  const rows: Row[] = []
  for (const chainId of chainIds) {
    // A harvest names its vault by address: the chain's vault list gives the name a user knows it by.
    const [harvests, vaults] = await Promise.all([getJson<Harvest[]>(`/harvestable?chain=${chainId}`), getJson<Vault[]>(`/vaults?chain=${chainId}`)])
    const nameOf = new Map(vaults.map((vault) => [vault.address, vault.name]))
    for (const harvest of harvests)
      rows.push({
        cells: [
          nameOf.get(harvest.vault) ?? short(harvest.vault),
          String(chainId),
          harvest.netProfitUsd === null ? '—' : usd.format(harvest.netProfitUsd),
          harvest.profitable ? 'yes' : 'no',
          short(harvest.strategy),
        ],
        data: { strategy: harvest.strategy, vault: harvest.vault, chain: String(chainId) },
        numeric: [2],
      })
  }
  fill($('harvest-table'), ['vault', 'chain', 'net profit', 'profitable', 'strategy'], rows, { key: [0, 1, 2, 3] })
}

async function main(): Promise<void> {
  const section = (id: string) => $(id).closest('section') as HTMLElement
  const chains = await loadStatus().catch((error) => {
    failed(section('status-table'), error)
    return [] as ChainStatus[]
  })
  await Promise.all([
    loadTvl().catch((error) => failed(section('tvl-figures'), error)),
    // The month a deployment has from its first day (the history backfill): a chart with data across it.
    loadHistory('30d').catch((error) => failed(section('tvl-chart'), error)),
    loadPools(chains).catch((error) => failed(section('pools-table'), error)),
    loadVaults().catch((error) => failed(section('vaults-table'), error)),
    loadHarvests(chains.map((chain) => chain.chainId)).catch((error) => failed(section('harvest-table'), error)),
  ])
  // The service marks the page when its embedded devnet runs: elsewhere /devnet is a 404 not worth asking.
  const devnet = document.body.dataset.devnet === 'true' ? await getJson<DevnetManifest>('/devnet').catch(() => undefined) : undefined
  // Dev account 1, the one the ready banner names (DEVNET_TRY_ACCOUNT): no allowance yet.
  setUpPlayground(targets, Object.values(devnet?.chains ?? {})[0]?.accounts[1]?.address)
  // The account section names positions as the tables do; the devnet's first accounts are one click each.
  setUpAccount(
    names,
    (Object.values(devnet?.chains ?? {})[0]?.accounts ?? []).slice(0, 4).map((account) => account.address),
  )
  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-range]'))
    button.addEventListener('click', () => {
      for (const other of document.querySelectorAll('[data-range]')) other.setAttribute('aria-pressed', String(other === button))
      loadHistory(button.dataset.range!).catch((error) => failed(section('tvl-chart'), error))
    })
  document.body.dataset.loaded = 'true'
}

main()
