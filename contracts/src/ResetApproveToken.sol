// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {DemoToken} from "./DemoToken.sol";

/// @notice A faucet token that, like Tether's USDT on Ethereum, refuses to change a non-zero
///         allowance to another non-zero value: the allowance must be set to 0 first.
contract ResetApproveToken is DemoToken {
    error AllowanceNotReset(uint256 current);

    constructor(string memory name_, string memory symbol_, uint8 decimals_) DemoToken(name_, symbol_, decimals_) {}

    function approve(address spender, uint256 value) public override returns (bool) {
        uint256 current = allowance(msg.sender, spender);
        if (value != 0 && current != 0) revert AllowanceNotReset(current);
        return super.approve(spender, value);
    }
}
