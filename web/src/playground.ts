import type { Json } from './answers.js'
import { $, getJson } from './dom.js'

/** A contract the playground builds for: a vault (with its zap, when it has one) or a staking pool. */
export interface PlayTarget {
  label: string
  kind: 'vault' | 'pool'
  address: string
  chainId: number
  pid?: number
  zap?: string
}

const ACTIONS = { vault: ['deposit', 'withdraw'], pool: ['stake', 'unstake', 'claim'] } as const

/** The request body of a playground action; a vault with a zap also offers zap out (the amount is then shares). */
function playBody(action: string, item: PlayTarget, user: string, amount: string): Json {
  const base = { user, chainId: item.chainId }
  if (action === 'withdraw') return { ...base, tokenAmount: amount }
  if (action === 'claim') return base
  if (action === 'zap-out') {
    const tokenOut = $<HTMLInputElement>('play-token-out').value.trim() || 'native'
    return { ...base, ibtAmount: amount, tokenOut, yieldZapAddress: item.zap, slippage: 1 }
  }
  return { ...base, amount }
}

/** The playground form: builds the chosen action's descriptor through the API and shows it with a viem snippet. */
export function setUpPlayground(targets: readonly PlayTarget[], devAccount: string | undefined): void {
  const target = $<HTMLSelectElement>('play-target')
  const action = $<HTMLSelectElement>('play-action')
  target.replaceChildren(...targets.map((item, index) => new Option(item.label, String(index))))
  const actions = () => {
    const item = targets[Number(target.value)]
    const names: string[] = [...ACTIONS[item?.kind ?? 'vault'], ...(item?.zap ? ['zap-out'] : [])]
    action.replaceChildren(...names.map((name) => new Option(name, name)))
    tokenOut()
  }
  // The token to zap out into is asked for only when zapping out.
  const tokenOut = () => ($('play-token-out-label').hidden = action.value !== 'zap-out')
  target.addEventListener('change', actions)
  action.addEventListener('change', tokenOut)
  actions()
  if (devAccount) $<HTMLInputElement>('play-user').value = devAccount
  $('playground').addEventListener('submit', async (event) => {
    event.preventDefault()
    const item = targets[Number(target.value)]!
    const amount = $<HTMLInputElement>('play-amount').value.trim()
    const user = $<HTMLInputElement>('play-user').value.trim()
    const path = item.kind === 'vault' ? `/yield/${item.address}/tx/${action.value}` : `/pool/${item.address}/${item.pid}/tx/${action.value}`
    const body = playBody(action.value, item, user, amount)
    $('play-error').textContent = ''
    try {
      const tx = await getJson<Json>(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
      $('play-descriptor').textContent = JSON.stringify(tx, null, 2)
      $('play-snippet').textContent = snippet(tx)
      $('play-copy').hidden = false
    } catch (error) {
      $('play-descriptor').textContent = ''
      $('play-snippet').textContent = ''
      $('play-error').textContent = (error as Error).message
    }
  })
  $('play-copy').addEventListener('click', () => navigator.clipboard?.writeText($('play-snippet').textContent ?? ''))
}

function snippet(tx: Json): string {
  return `import { createWalletClient, http } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'

const wallet = createWalletClient({ account: privateKeyToAccount(process.env.PRIVATE_KEY), transport: http(process.env.RPC_URL) })
const tx = ${JSON.stringify(tx, null, 2)}
// The approvals first, then the action, each as served: the gas the API measured, its suggested fees.
for (const step of [...(tx.approvals ?? []), tx]) {
  await wallet.sendTransaction(step)
}
`
}
