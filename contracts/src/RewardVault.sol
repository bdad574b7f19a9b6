// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";

/// @notice Holds a reward pool's reward tokens, kept apart from staked tokens so that staking
///         the reward token itself can never pay out someone's stake as a reward.
contract RewardVault {
    using SafeERC20 for IERC20;

    address public immutable pool;

    error NotPool(address caller);

    constructor(address pool_) {
        pool = pool_;
    }

    /// @notice Pays `amount` (token wei) of `token` to `to`; only the pool may ask.
    function pay(address token, address to, uint256 amount) external {
        if (msg.sender != pool) revert NotPool(msg.sender);
        IERC20(token).safeTransfer(to, amount);
    }
}
