// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {RewardVault} from "./RewardVault.sol";

/// @notice Multi-reward, MasterChef-style staking: every reward token accrues per block between
///         `startBlock` and `endBlock`, split between staking pools (`pid`) by allocation points.
///         Stake and unstake keep rewards pending; only `claim` pays them.
contract RewardPool is Ownable {
    using SafeERC20 for IERC20;

    uint256 private constant PRECISION = 1e18;
    uint256 private constant BPS = 10_000;

    struct Config {
        address[] rewardTokens;
        uint256[] rewardPerBlock; // wei of each reward token per block, all pools together
        uint256 startBlock;
        uint256 endBlock;
        uint256 claimDelay; // first block at which claim is allowed
        uint256 unstakeDelayDuration; // blocks a stake stays locked
        address feeManager;
        uint256 protocolFee; // bps of claimed rewards
        uint256 withdrawPenaltyFee; // bps of unstaked amount
        uint256 withdrawPenaltyBlock; // penalty applies to unstakes before this block
        bool compoundEnabled;
    }

    struct PoolInfo {
        address stakingToken;
        uint256 allocPoint;
        uint256 depositCap; // per user, token wei; 0 = no cap
        uint256 capValidUntilBlock;
        uint256 totalStaked;
        uint256 participants;
    }

    struct UserInfo {
        uint256 amount;
        uint256 lastStakeBlock;
    }

    address[] private _rewardTokens;
    uint256[] private _rewardPerBlock;
    uint256 public immutable startBlock;
    uint256 public immutable endBlock;
    uint256 public immutable claimDelay;
    uint256 public immutable unstakeDelayDuration;
    address public immutable feeManager;
    uint256 public immutable protocolFee;
    uint256 public immutable withdrawPenaltyFee;
    uint256 public immutable withdrawPenaltyBlock;
    bool public immutable compoundEnabled;
    RewardVault public immutable rewardVault;

    uint256 public totalAllocPoint;
    PoolInfo[] public poolInfo;
    mapping(uint256 => mapping(address => UserInfo)) public userInfo;

    mapping(uint256 => address[]) private _swapPath;
    mapping(uint256 => uint256) private _lastRewardBlock;
    mapping(uint256 => uint256[]) private _accRewardPerShare;
    mapping(uint256 => mapping(address => uint256[])) private _rewardDebt;
    mapping(uint256 => mapping(address => uint256[])) private _pending;

    event Staked(address indexed user, uint256 indexed pid, uint256 amount);
    event Unstaked(address indexed user, uint256 indexed pid, uint256 amount, uint256 penalty);
    event Claimed(address indexed user, uint256 indexed pid, address indexed token, uint256 amount, uint256 fee);
    event PoolAdded(uint256 indexed pid, address indexed stakingToken, uint256 allocPoint);

    error ZeroAmount();
    error UnknownPool(uint256 pid);
    error PoolEnded(uint256 endBlock);
    error DepositCapExceeded(uint256 cap, uint256 attempted);
    error UnstakeLocked(uint256 untilBlock);
    error InsufficientStake(uint256 staked, uint256 requested);
    error ClaimNotYetAllowed(uint256 fromBlock);
    error InvalidConfig(string reason);

    constructor(Config memory config) Ownable(msg.sender) {
        if (config.rewardTokens.length == 0 || config.rewardTokens.length != config.rewardPerBlock.length) {
            revert InvalidConfig("reward tokens and rates differ in length");
        }
        if (config.endBlock <= config.startBlock) revert InvalidConfig("end block not after start block");
        if (config.protocolFee > BPS || config.withdrawPenaltyFee > BPS) revert InvalidConfig("fee above 100%");
        _rewardTokens = config.rewardTokens;
        _rewardPerBlock = config.rewardPerBlock;
        startBlock = config.startBlock;
        endBlock = config.endBlock;
        claimDelay = config.claimDelay;
        unstakeDelayDuration = config.unstakeDelayDuration;
        feeManager = config.feeManager;
        protocolFee = config.protocolFee;
        withdrawPenaltyFee = config.withdrawPenaltyFee;
        withdrawPenaltyBlock = config.withdrawPenaltyBlock;
        compoundEnabled = config.compoundEnabled;
        rewardVault = new RewardVault(address(this));
    }

    /// @notice Adds a staking pool; `depositCap` (token wei per user, 0 = none) holds while
    ///         block.number <= capValidUntilBlock. `path` is informational (reward -> staking token).
    function addPool(
        address stakingToken,
        uint256 allocPoint,
        uint256 depositCap,
        uint256 capValidUntilBlock,
        address[] calldata path
    ) external onlyOwner returns (uint256 pid) {
        for (uint256 p = 0; p < poolInfo.length; p++) {
            _update(p);
        }
        pid = poolInfo.length;
        poolInfo.push(PoolInfo(stakingToken, allocPoint, depositCap, capValidUntilBlock, 0, 0));
        _swapPath[pid] = path;
        _lastRewardBlock[pid] = block.number > startBlock ? block.number : startBlock;
        _accRewardPerShare[pid] = new uint256[](_rewardTokens.length);
        totalAllocPoint += allocPoint;
        emit PoolAdded(pid, stakingToken, allocPoint);
    }

    function poolLength() external view returns (uint256) {
        return poolInfo.length;
    }

    function swapPath(uint256 pid) external view returns (address[] memory) {
        return _swapPath[pid];
    }

    function rewardTokens() external view returns (address[] memory) {
        return _rewardTokens;
    }

    function rewardPerBlock() external view returns (uint256[] memory) {
        return _rewardPerBlock;
    }

    /// @notice Reward (wei) of each token over the whole program: rewardPerBlock * (end - start).
    function totalReward() external view returns (uint256[] memory totals) {
        totals = new uint256[](_rewardTokens.length);
        for (uint256 i = 0; i < totals.length; i++) {
            totals[i] = _rewardPerBlock[i] * (endBlock - startBlock);
        }
    }

    /// @notice Unclaimed reward (wei) of each reward token, in rewardTokens() order.
    function pendingRewards(uint256 pid, address user) external view returns (uint256[] memory amounts) {
        _requirePool(pid);
        uint256[] memory acc = _currentAcc(pid);
        amounts = new uint256[](_rewardTokens.length);
        uint256 staked = userInfo[pid][user].amount;
        for (uint256 i = 0; i < amounts.length; i++) {
            amounts[i] = _stored(_pending[pid][user], i) + (staked * acc[i]) / PRECISION
                - _stored(_rewardDebt[pid][user], i);
        }
    }

    /// @notice Stakes `amount` (staking token wei) into pool `pid`; rewards keep accruing as pending.
    function stake(uint256 pid, uint256 amount) external {
        _requirePool(pid);
        if (amount == 0) revert ZeroAmount();
        if (block.number >= endBlock) revert PoolEnded(endBlock);
        PoolInfo storage pool = poolInfo[pid];
        UserInfo storage user = userInfo[pid][msg.sender];
        uint256 attempted = user.amount + amount;
        if (pool.depositCap > 0 && block.number <= pool.capValidUntilBlock && attempted > pool.depositCap) {
            revert DepositCapExceeded(pool.depositCap, attempted);
        }
        _update(pid);
        _settle(pid, msg.sender);
        IERC20(pool.stakingToken).safeTransferFrom(msg.sender, address(this), amount);
        if (user.amount == 0) pool.participants += 1;
        user.amount = attempted;
        user.lastStakeBlock = block.number;
        pool.totalStaked += amount;
        _resetDebt(pid, msg.sender);
        emit Staked(msg.sender, pid, amount);
    }

    /// @notice Unstakes `amount` (staking token wei); before withdrawPenaltyBlock a
    ///         withdrawPenaltyFee share of it goes to the fee manager.
    function unstake(uint256 pid, uint256 amount) external {
        _requirePool(pid);
        if (amount == 0) revert ZeroAmount();
        PoolInfo storage pool = poolInfo[pid];
        UserInfo storage user = userInfo[pid][msg.sender];
        if (amount > user.amount) revert InsufficientStake(user.amount, amount);
        uint256 unlockBlock = user.lastStakeBlock + unstakeDelayDuration;
        if (block.number < unlockBlock) revert UnstakeLocked(unlockBlock);
        _update(pid);
        _settle(pid, msg.sender);
        user.amount -= amount;
        if (user.amount == 0) pool.participants -= 1;
        pool.totalStaked -= amount;
        _resetDebt(pid, msg.sender);
        uint256 penalty = block.number < withdrawPenaltyBlock ? (amount * withdrawPenaltyFee) / BPS : 0;
        if (penalty > 0) IERC20(pool.stakingToken).safeTransfer(feeManager, penalty);
        IERC20(pool.stakingToken).safeTransfer(msg.sender, amount - penalty);
        emit Unstaked(msg.sender, pid, amount, penalty);
    }

    /// @notice Pays every pending reward of pool `pid`; protocolFee bps of each goes to the fee manager.
    function claim(uint256 pid) external {
        _requirePool(pid);
        if (block.number < claimDelay) revert ClaimNotYetAllowed(claimDelay);
        _update(pid);
        _settle(pid, msg.sender);
        uint256[] storage pending = _pending[pid][msg.sender];
        for (uint256 i = 0; i < pending.length; i++) {
            uint256 amount = pending[i];
            if (amount == 0) continue;
            pending[i] = 0;
            uint256 fee = (amount * protocolFee) / BPS;
            if (fee > 0) rewardVault.pay(_rewardTokens[i], feeManager, fee);
            rewardVault.pay(_rewardTokens[i], msg.sender, amount - fee);
            emit Claimed(msg.sender, pid, _rewardTokens[i], amount - fee, fee);
        }
    }

    function _requirePool(uint256 pid) private view {
        if (pid >= poolInfo.length) revert UnknownPool(pid);
    }

    /// Accumulators as they would be at the current block, without writing them.
    function _currentAcc(uint256 pid) private view returns (uint256[] memory acc) {
        acc = _accRewardPerShare[pid];
        PoolInfo storage pool = poolInfo[pid];
        uint256 from = _lastRewardBlock[pid];
        uint256 to = block.number < endBlock ? block.number : endBlock;
        if (to <= from || pool.totalStaked == 0 || totalAllocPoint == 0) return acc;
        for (uint256 i = 0; i < acc.length; i++) {
            uint256 reward = ((to - from) * _rewardPerBlock[i] * pool.allocPoint) / totalAllocPoint;
            acc[i] += (reward * PRECISION) / pool.totalStaked;
        }
    }

    function _update(uint256 pid) private {
        uint256 from = _lastRewardBlock[pid];
        if (block.number <= from) return;
        _accRewardPerShare[pid] = _currentAcc(pid);
        _lastRewardBlock[pid] = block.number;
    }

    /// Moves what the user earned since the last settlement into their pending balance.
    function _settle(uint256 pid, address user) private {
        uint256[] storage pending = _pending[pid][user];
        uint256[] storage debt = _rewardDebt[pid][user];
        if (pending.length == 0) {
            for (uint256 i = 0; i < _rewardTokens.length; i++) {
                pending.push(0);
                debt.push(0);
            }
        }
        uint256 staked = userInfo[pid][user].amount;
        uint256[] storage acc = _accRewardPerShare[pid];
        for (uint256 i = 0; i < pending.length; i++) {
            pending[i] += (staked * acc[i]) / PRECISION - debt[i];
        }
    }

    function _resetDebt(uint256 pid, address user) private {
        uint256 staked = userInfo[pid][user].amount;
        uint256[] storage debt = _rewardDebt[pid][user];
        uint256[] storage acc = _accRewardPerShare[pid];
        for (uint256 i = 0; i < debt.length; i++) {
            debt[i] = (staked * acc[i]) / PRECISION;
        }
    }

    function _stored(uint256[] storage values, uint256 i) private view returns (uint256) {
        return i < values.length ? values[i] : 0;
    }
}
