// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {ERC4626} from "@openzeppelin/contracts/token/ERC20/extensions/ERC4626.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {IStrategyLike} from "./Interfaces.sol";

/// @notice ERC-4626 vault over `asset`, optionally farming it through a StrategyFarm
///         (strategy = address(0) for a plain vault that only holds the asset).
contract Erc4626Vault is ERC4626 {
    using SafeERC20 for IERC20;

    IStrategyLike public immutable strategy;

    error StrategyMismatch(address strategyWant, address asset);

    constructor(address asset_, address strategy_, string memory name_, string memory symbol_)
        ERC20(name_, symbol_)
        ERC4626(IERC20(asset_))
    {
        if (strategy_ != address(0) && IStrategyLike(strategy_).want() != asset_) {
            revert StrategyMismatch(IStrategyLike(strategy_).want(), asset_);
        }
        strategy = IStrategyLike(strategy_);
    }

    /// @notice Assets (token wei) idle in the vault plus held by the strategy.
    function totalAssets() public view override returns (uint256) {
        uint256 idle = IERC20(asset()).balanceOf(address(this));
        return address(strategy) == address(0) ? idle : idle + strategy.balanceOf();
    }

    function _deposit(address caller, address receiver, uint256 assets, uint256 shares) internal override {
        super._deposit(caller, receiver, assets, shares);
        if (address(strategy) != address(0)) {
            IERC20(asset()).safeTransfer(address(strategy), assets);
            strategy.deposit();
        }
    }

    function _withdraw(address caller, address receiver, address owner, uint256 assets, uint256 shares)
        internal
        override
    {
        uint256 idle = IERC20(asset()).balanceOf(address(this));
        if (idle < assets) strategy.withdraw(assets - idle);
        super._withdraw(caller, receiver, owner, assets, shares);
    }
}
