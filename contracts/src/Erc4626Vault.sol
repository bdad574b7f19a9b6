// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {ERC4626} from "@openzeppelin/contracts/token/ERC20/extensions/ERC4626.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Pausable} from "@openzeppelin/contracts/utils/Pausable.sol";
import {IStrategyLike} from "./Interfaces.sol";

/// The strategy's withdrawal fee, read once at construction.
interface IWithdrawalFeeLike {
    function withdrawalFee() external view returns (uint256);
}

/// @notice ERC-4626 vault over `asset`, optionally farming it through a StrategyFarm
///         (strategy = address(0) for a plain vault that only holds the asset). The deployer
///         owns it and may pause it: while paused every deposit, mint, withdraw and redeem
///         reverts with `EnforcedPause()` and the `max*` views return 0, as ERC-4626 requires of
///         a vault that cannot take or give assets; the conversions keep valuing the shares.
contract Erc4626Vault is ERC4626, Ownable, Pausable {
    using SafeERC20 for IERC20;

    IStrategyLike public immutable strategy;

    error StrategyMismatch(address strategyWant, address asset);
    /// ERC-4626 pays `withdraw(assets)` exactly, so the strategy must return all it is asked for.
    error StrategyChargesWithdrawalFee(uint256 withdrawalFee);

    constructor(address asset_, address strategy_, string memory name_, string memory symbol_)
        ERC20(name_, symbol_)
        ERC4626(IERC20(asset_))
        Ownable(msg.sender)
    {
        if (strategy_ != address(0)) {
            if (IStrategyLike(strategy_).want() != asset_) revert StrategyMismatch(IStrategyLike(strategy_).want(), asset_);
            uint256 fee = IWithdrawalFeeLike(strategy_).withdrawalFee();
            if (fee != 0) revert StrategyChargesWithdrawalFee(fee);
        }
        strategy = IStrategyLike(strategy_);
    }

    /// @notice Pauses (true) or resumes (false) deposits and withdrawals; owner only, idempotent.
    function setPaused(bool paused_) external onlyOwner {
        if (paused_ == paused()) return;
        if (paused_) _pause();
        else _unpause();
    }

    /// @notice Assets (token wei) idle in the vault plus held by the strategy.
    function totalAssets() public view override returns (uint256) {
        uint256 idle = IERC20(asset()).balanceOf(address(this));
        return address(strategy) == address(0) ? idle : idle + strategy.balanceOf();
    }

    /// @notice 0 while paused; otherwise unlimited.
    function maxDeposit(address receiver) public view override returns (uint256) {
        return paused() ? 0 : super.maxDeposit(receiver);
    }

    /// @notice 0 while paused; otherwise unlimited.
    function maxMint(address receiver) public view override returns (uint256) {
        return paused() ? 0 : super.maxMint(receiver);
    }

    /// @notice 0 while paused; otherwise the owner's shares in assets (token wei), rounded down.
    function maxWithdraw(address owner_) public view override returns (uint256) {
        return paused() ? 0 : super.maxWithdraw(owner_);
    }

    /// @notice 0 while paused; otherwise the owner's shares.
    function maxRedeem(address owner_) public view override returns (uint256) {
        return paused() ? 0 : super.maxRedeem(owner_);
    }

    // The entry points check the pause first, so a paused vault reverts with EnforcedPause()
    // rather than with an ERC4626ExceededMax* error against a limit of 0.

    function deposit(uint256 assets, address receiver) public override whenNotPaused returns (uint256) {
        return super.deposit(assets, receiver);
    }

    function mint(uint256 shares, address receiver) public override whenNotPaused returns (uint256) {
        return super.mint(shares, receiver);
    }

    function withdraw(uint256 assets, address receiver, address owner_) public override whenNotPaused returns (uint256) {
        return super.withdraw(assets, receiver, owner_);
    }

    function redeem(uint256 shares, address receiver, address owner_) public override whenNotPaused returns (uint256) {
        return super.redeem(shares, receiver, owner_);
    }

    function _deposit(address caller, address receiver, uint256 assets, uint256 shares) internal override {
        super._deposit(caller, receiver, assets, shares);
        if (address(strategy) != address(0)) {
            IERC20(asset()).safeTransfer(address(strategy), assets);
            strategy.deposit();
        }
    }

    function _withdraw(address caller, address receiver, address owner_, uint256 assets, uint256 shares)
        internal
        override
    {
        uint256 idle = IERC20(asset()).balanceOf(address(this));
        if (idle < assets) strategy.withdraw(assets - idle);
        super._withdraw(caller, receiver, owner_, assets, shares);
    }
}
