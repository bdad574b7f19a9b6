import { type Address, type Hex, toHex } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'

/** anvil's default mnemonic: its accounts are unlocked and pre-funded on every start. */
const ANVIL_MNEMONIC = 'test test test test test test test test test test test junk'

/** Accounts anvil creates: 10 dev accounts, then the fee manager and the treasury. */
export const ANVIL_ACCOUNT_COUNT = 12
export const DEV_ACCOUNT_COUNT = 10

export type DevAccount = { address: Address; privateKey: Hex }

let cached: DevAccount[] | undefined

/** The anvil accounts in index order, with their private keys (derivation is slow: cached). */
export function anvilAccounts(): DevAccount[] {
  cached ??= Array.from({ length: ANVIL_ACCOUNT_COUNT }, (_, addressIndex) => {
    const account = mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex })
    const key = account.getHdKey().privateKey
    if (key === null) throw new Error('devnet: HD key without private key')
    return { address: account.address, privateKey: toHex(key) }
  })
  return cached
}
