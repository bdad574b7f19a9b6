// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";

/// @notice Single-token farm paying `rewardToken` per second of chain time to stakers pro rata
///         (MasterChef accumulator over timestamps, as the per-second chefs of later farms do). It
///         gives reference strategies a yield that accrues with the clock, however far apart the
///         chain's blocks are.
contract RewardFarm {
    using SafeERC20 for IERC20;

    uint256 private constant PRECISION = 1e18;

    IERC20 public immutable stakingToken;
    IERC20 public immutable rewardToken;
    /// Reward token wei the whole farm pays per second, shared by its stakers.
    uint256 public immutable rewardPerSecond;

    uint256 public totalStaked;
    uint256 public accRewardPerShare;
    uint256 public lastRewardTime;
    /// Reward tokens funded and not yet paid, tracked apart from the balance because the
    /// staking token may be the reward token itself.
    uint256 public rewardReserve;

    mapping(address => uint256) public staked;
    mapping(address => uint256) private _rewardDebt;
    mapping(address => uint256) private _owed;

    error ZeroAmount();
    error InsufficientStake(uint256 staked, uint256 requested);

    constructor(address stakingToken_, address rewardToken_, uint256 rewardPerSecond_) {
        stakingToken = IERC20(stakingToken_);
        rewardToken = IERC20(rewardToken_);
        rewardPerSecond = rewardPerSecond_;
        lastRewardTime = block.timestamp;
    }

    /// @notice Adds `amount` reward tokens (wei) to what the farm can pay out.
    function fund(uint256 amount) external {
        rewardToken.safeTransferFrom(msg.sender, address(this), amount);
        rewardReserve += amount;
    }

    /// @notice Reward (wei) `account` could claim now.
    function pendingReward(address account) public view returns (uint256) {
        uint256 acc = accRewardPerShare;
        if (block.timestamp > lastRewardTime && totalStaked > 0) {
            acc += ((block.timestamp - lastRewardTime) * rewardPerSecond * PRECISION) / totalStaked;
        }
        uint256 owed = _owed[account] + (staked[account] * acc) / PRECISION - _rewardDebt[account];
        return owed < rewardReserve ? owed : rewardReserve;
    }

    function deposit(uint256 amount) external {
        if (amount == 0) revert ZeroAmount();
        _settle(msg.sender);
        stakingToken.safeTransferFrom(msg.sender, address(this), amount);
        staked[msg.sender] += amount;
        totalStaked += amount;
        _rewardDebt[msg.sender] = (staked[msg.sender] * accRewardPerShare) / PRECISION;
    }

    function withdraw(uint256 amount) external {
        uint256 have = staked[msg.sender];
        if (amount > have) revert InsufficientStake(have, amount);
        _settle(msg.sender);
        staked[msg.sender] = have - amount;
        totalStaked -= amount;
        _rewardDebt[msg.sender] = (staked[msg.sender] * accRewardPerShare) / PRECISION;
        stakingToken.safeTransfer(msg.sender, amount);
    }

    /// @notice Pays the caller everything owed so far; returns the amount (wei), possibly 0.
    function claim() external returns (uint256 paid) {
        _settle(msg.sender);
        paid = _owed[msg.sender];
        if (paid > rewardReserve) paid = rewardReserve;
        _owed[msg.sender] -= paid;
        rewardReserve -= paid;
        if (paid > 0) rewardToken.safeTransfer(msg.sender, paid);
    }

    function _settle(address account) private {
        if (block.timestamp > lastRewardTime) {
            if (totalStaked > 0) {
                accRewardPerShare += ((block.timestamp - lastRewardTime) * rewardPerSecond * PRECISION) / totalStaked;
            }
            lastRewardTime = block.timestamp;
        }
        uint256 accrued = (staked[account] * accRewardPerShare) / PRECISION;
        _owed[account] += accrued - _rewardDebt[account];
        _rewardDebt[account] = accrued;
    }
}
