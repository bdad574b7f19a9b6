import uPlot from 'uplot'
import type { UserPnl, UserPnlHistory } from './answers.js'
import { $, getJson, noted, short, usd, usdShort } from './dom.js'
import { fill } from './table.js'

type Position = UserPnl['positions'][number]

/**
 * The account section: an address (typed, or one of the devnet's accounts in one click), its
 * positions with what each made (`/users/{address}/pnl`), the totals, and its worth and cost over
 * time (`/users/{address}/pnl/history`, a point a day).
 */
export function setUpAccount(names: ReadonlyMap<string, string>, devAccounts: readonly string[]): void {
  const form = $<HTMLFormElement>('account-form')
  const input = $<HTMLInputElement>('account-address')
  const show = (address: string) => {
    input.value = address
    $('account-error').textContent = ''
    showAccount(address, names).catch((error: unknown) => {
      $('account-error').textContent = (error as Error).message
    })
  }
  form.addEventListener('submit', (event) => {
    event.preventDefault()
    show(input.value.trim())
  })
  if (devAccounts.length === 0) return
  const buttons = $('account-dev-buttons')
  buttons.replaceChildren(
    ...devAccounts.map((address, index) => {
      const button = document.createElement('button')
      button.type = 'button'
      button.textContent = `#${index}`
      button.title = address
      button.dataset.account = address
      button.addEventListener('click', () => show(address))
      return button
    }),
  )
  $('account-dev').hidden = false
}

/** A USD figure, or — with the note that says why it is missing. */
const dollars = (value: number | null | undefined, note?: string) => (value === null || value === undefined ? noted('—', note) : usd.format(value))

async function showAccount(address: string, names: ReadonlyMap<string, string>): Promise<void> {
  const [pnl, history] = await Promise.all([getJson<UserPnl>(`/users/${address}/pnl`), getJson<UserPnlHistory>(`/users/${address}/pnl/history?interval=1d`)])
  const worth = pnl.positions.reduce<number | null>((sum, position) => (sum === null || position.holding.usd === null ? null : sum + position.holding.usd), 0)
  const figures = $('account-figures')
  figures.replaceChildren(
    ...(
      [
        ['worth', 'Worth now', worth],
        ['costBasisUsd', 'Cost basis', pnl.totals.costBasisUsd],
        ['pnlUsd', 'Profit and loss', pnl.totals.pnlUsd],
        ['feesPaidUsd', 'Fees paid', pnl.totals.feesPaidUsd],
        ['rewards', 'Rewards', sum(pnl.totals.rewardsClaimedUsd, pnl.totals.pendingRewardsUsd)],
      ] as const
    ).map(([field, label, value]) => {
      const box = document.createElement('div')
      const [dt, dd] = [document.createElement('dt'), document.createElement('dd')]
      dt.textContent = label
      dd.append(dollars(value, pnl.notes?.join('; ')))
      dd.dataset.field = field
      dd.dataset.value = String(value)
      box.append(dt, dd)
      return box
    }),
  )
  const rewards = (position: Position) =>
    position.kind === 'pool' ? sum(...[...(position.rewardsClaimed ?? []), ...(position.pendingRewards ?? [])].map((reward) => reward.usd)) : undefined
  const table = $<HTMLTableElement>('account-table')
  fill(
    table,
    ['position', 'chain', 'worth now', 'cost basis', 'realized', 'unrealized', 'rewards', 'profit and loss'],
    pnl.positions.map((position) => {
      const note = position.notes?.join('; ')
      return {
        cells: [
          `${names.get(position.address) ?? short(position.address)}${position.pid === undefined ? '' : ` pid ${position.pid}`}`,
          String(position.chainId),
          dollars(position.holding.usd, note),
          dollars(position.costBasis.usd, note),
          dollars(position.realized.usd, note),
          dollars(position.unrealized.usd, note),
          position.kind === 'pool' ? dollars(rewards(position), note) : '—',
          dollars(position.pnlUsd, note),
        ],
        data: { address: position.address, chain: String(position.chainId), pnl: String(position.pnlUsd) },
        numeric: [2, 3, 4, 5, 6, 7],
      }
    }),
    { key: [0, 1, 2, 7] },
  )
  table.dataset.account = address
  drawWorth(history)
}

function sum(...values: (number | null | undefined)[]): number | null {
  return values.reduce<number | null>((total, value) => (total === null || value === null || value === undefined ? null : total + value), 0)
}

let chart: uPlot | undefined
/** Worth and cost basis over time, every chain's last point added at each time a chain has one. */
function drawWorth(history: UserPnlHistory): void {
  const times = [...new Set(history.points.map((point) => point.timestamp))].sort((a, b) => a - b)
  const last = new Map<number, (typeof history.points)[number]>()
  const worth: (number | null)[] = []
  const cost: (number | null)[] = []
  for (const time of times) {
    for (const point of history.points) if (point.timestamp === time) last.set(point.chainId, point)
    worth.push(sum(...[...last.values()].map((point) => point.worthUsd)))
    cost.push(sum(...[...last.values()].map((point) => point.costBasisUsd)))
  }
  const host = $('account-chart')
  host.dataset.points = String(times.length)
  chart?.destroy()
  chart = new uPlot(
    {
      width: Math.min(host.clientWidth || 720, 1100),
      height: 200,
      series: [{}, { label: 'Worth', stroke: '#0b5cad', width: 2 }, { label: 'Cost basis', stroke: '#bf8700', width: 2, dash: [8, 5] }],
      scales: times.length === 1 ? { x: { time: true, range: [times[0]! - 86_400, times[0]! + 86_400] } } : {},
      axes: [{}, { values: (_u, values) => values.map((value) => usdShort.format(value)), size: 70 }],
    },
    [times, worth, cost] as uPlot.AlignedData,
    host,
  )
}
