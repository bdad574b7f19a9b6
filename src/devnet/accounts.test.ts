import { mnemonicToAccount } from 'viem/accounts'
import { toHex } from 'viem'
import { describe, expect, it } from 'vitest'
import { ANVIL_ACCOUNT_COUNT, ANVIL_MNEMONIC, anvilAccounts } from './accounts.js'

describe("anvil's accounts", () => {
  it("are the mnemonic's, derived again: addresses and private keys, in index order", () => {
    const derived = Array.from({ length: ANVIL_ACCOUNT_COUNT }, (_, addressIndex) => {
      const account = mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex })
      return { address: account.address, privateKey: toHex(account.getHdKey().privateKey!) }
    })
    expect(anvilAccounts()).toEqual(derived)
  })
})
