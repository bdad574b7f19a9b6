// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// @notice Devnet ERC20 with configurable decimals and an open faucet.
/// @dev `mint` is deliberately permissionless: tests fund fresh accounts through it.
contract DemoToken is ERC20 {
    uint8 private immutable _decimals;

    constructor(string memory name_, string memory symbol_, uint8 decimals_) ERC20(name_, symbol_) {
        _decimals = decimals_;
    }

    function decimals() public view override returns (uint8) {
        return _decimals;
    }

    /// @notice Faucet: anyone may mint any amount (token units) to anyone.
    function mint(address to, uint256 amount) external {
        _mint(to, amount);
    }
}
