// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {IStrategyLike} from "./Interfaces.sol";

/// @notice Beefy-style vault: shares (18 decimals) over `want` that the strategy farms.
contract BeefyVault is ERC20 {
    using SafeERC20 for IERC20;

    IERC20 public immutable want;
    IStrategyLike public immutable strategy;

    error ZeroAmount();
    error InsufficientShares(uint256 have, uint256 want);
    error StrategyMismatch(address strategyWant, address vaultWant);

    constructor(address strategy_, string memory name_, string memory symbol_) ERC20(name_, symbol_) {
        strategy = IStrategyLike(strategy_);
        want = IERC20(IStrategyLike(strategy_).want());
    }

    /// @notice Want (token wei) held by the vault plus the strategy.
    function balance() public view returns (uint256) {
        return want.balanceOf(address(this)) + strategy.balanceOf();
    }

    /// @notice Want (token wei) idle in the vault, not yet sent to the strategy.
    function available() public view returns (uint256) {
        return want.balanceOf(address(this));
    }

    /// @notice Want per share, scaled by 1e18.
    function getPricePerFullShare() external view returns (uint256) {
        uint256 supply = totalSupply();
        return supply == 0 ? 1e18 : (balance() * 1e18) / supply;
    }

    function depositAll() external {
        deposit(want.balanceOf(msg.sender));
    }

    /// @notice Deposits `amount` want (token wei) and mints shares pro rata to the balance before.
    function deposit(uint256 amount) public {
        if (amount == 0) revert ZeroAmount();
        uint256 pool = balance();
        want.safeTransferFrom(msg.sender, address(this), amount);
        earn();
        // Measure what really arrived, in case want takes a transfer fee.
        uint256 received = balance() - pool;
        uint256 supply = totalSupply();
        uint256 shares = supply == 0 ? received : (received * supply) / pool;
        if (shares == 0) revert ZeroAmount();
        _mint(msg.sender, shares);
    }

    /// @notice Sends idle want to the strategy and lets it stake.
    function earn() public {
        uint256 idle = available();
        if (idle > 0) {
            want.safeTransfer(address(strategy), idle);
            strategy.deposit();
        }
    }

    function withdrawAll() external {
        withdraw(balanceOf(msg.sender));
    }

    /// @notice Burns `shares` and returns their want (token wei), pulling from the strategy if needed.
    function withdraw(uint256 shares) public {
        if (shares == 0) revert ZeroAmount();
        uint256 have = balanceOf(msg.sender);
        if (shares > have) revert InsufficientShares(have, shares);
        uint256 amount = (balance() * shares) / totalSupply();
        _burn(msg.sender, shares);
        uint256 idle = available();
        if (idle < amount) {
            strategy.withdraw(amount - idle);
            // The strategy may return less than asked (rounding in the farm); pay what is here.
            uint256 nowIdle = available();
            if (nowIdle < amount) amount = nowIdle;
        }
        want.safeTransfer(msg.sender, amount);
    }
}
