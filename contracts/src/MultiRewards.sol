// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {ReentrancyGuard} from "@openzeppelin/contracts/utils/ReentrancyGuard.sol";

/// @notice Our implementation of the published interface of Curve's `MultiRewards` (the
///         multi-token variant of Synthetix `StakingRewards`), written for this devnet because no
///         npm package ships that contract. One staking token; every reward token has its own
///         distributor, duration, rate per second and `periodFinish`; `earned(account, token)`.
/// @dev Function signatures, public getters, events and the revert strings a staker can meet
///      are those of the deployed contracts, so a client reads and decodes the devnet's pools as
///      it would production's. Ownership uses OpenZeppelin's `Ownable` in place of Synthetix's
///      `Owned` (nominate/accept): only the deployer's set-up calls use it.
contract MultiRewards is Ownable, ReentrancyGuard {
    using SafeERC20 for IERC20;

    struct Reward {
        address rewardsDistributor;
        uint256 rewardsDuration; // seconds
        uint256 periodFinish; // unix time
        uint256 rewardRate; // reward wei per second
        uint256 lastUpdateTime;
        uint256 rewardPerTokenStored; // reward wei per staked token, scaled by 1e18
    }

    IERC20 public immutable stakingToken;
    mapping(address => Reward) public rewardData;
    address[] public rewardTokens;

    // user -> reward token -> amount
    mapping(address => mapping(address => uint256)) public userRewardPerTokenPaid;
    mapping(address => mapping(address => uint256)) public rewards;

    bool public paused;
    uint256 public lastPauseTime;

    uint256 private _totalSupply;
    mapping(address => uint256) private _balances;

    event RewardAdded(uint256 reward);
    event Staked(address indexed user, uint256 amount);
    event Withdrawn(address indexed user, uint256 amount);
    event RewardPaid(address indexed user, address indexed rewardsToken, uint256 reward);
    event RewardsDurationUpdated(address token, uint256 newDuration);
    event Recovered(address token, uint256 amount);
    event PauseChanged(bool isPaused);

    constructor(address owner_, address stakingToken_) Ownable(owner_) {
        stakingToken = IERC20(stakingToken_);
    }

    modifier notPaused() {
        require(!paused, "This action cannot be performed while the contract is paused");
        _;
    }

    /// Brings every reward token's accumulator up to now and, for `account`, moves what it
    /// earned so far into `rewards` (address(0) skips the account).
    modifier updateReward(address account) {
        _updateReward(account);
        _;
    }

    function _updateReward(address account) private {
        for (uint256 i = 0; i < rewardTokens.length; i++) {
            address token = rewardTokens[i];
            Reward storage data = rewardData[token];
            data.rewardPerTokenStored = rewardPerToken(token);
            data.lastUpdateTime = lastTimeRewardApplicable(token);
            if (account != address(0)) {
                rewards[account][token] = earned(account, token);
                userRewardPerTokenPaid[account][token] = data.rewardPerTokenStored;
            }
        }
    }

    /* ========== VIEWS ========== */

    function totalSupply() external view returns (uint256) {
        return _totalSupply;
    }

    /// @notice Staked tokens (wei) of `account`.
    function balanceOf(address account) external view returns (uint256) {
        return _balances[account];
    }

    /// @notice The later of now and the token's `periodFinish`: rewards stop accruing at the finish.
    function lastTimeRewardApplicable(address rewardsToken) public view returns (uint256) {
        uint256 finish = rewardData[rewardsToken].periodFinish;
        return block.timestamp < finish ? block.timestamp : finish;
    }

    /// @notice Reward wei accrued per staked token since the start, scaled by 1e18.
    function rewardPerToken(address rewardsToken) public view returns (uint256) {
        Reward storage data = rewardData[rewardsToken];
        if (_totalSupply == 0) return data.rewardPerTokenStored;
        return
            data.rewardPerTokenStored +
            ((lastTimeRewardApplicable(rewardsToken) - data.lastUpdateTime) * data.rewardRate * 1e18) /
            _totalSupply;
    }

    /// @notice Reward wei of `rewardsToken` that `account` can claim now.
    function earned(address account, address rewardsToken) public view returns (uint256) {
        return
            (_balances[account] * (rewardPerToken(rewardsToken) - userRewardPerTokenPaid[account][rewardsToken])) /
            1e18 +
            rewards[account][rewardsToken];
    }

    /// @notice Reward wei of `rewardsToken` paid over one whole duration at the current rate.
    function getRewardForDuration(address rewardsToken) external view returns (uint256) {
        return rewardData[rewardsToken].rewardRate * rewardData[rewardsToken].rewardsDuration;
    }

    /* ========== MUTATIVE FUNCTIONS ========== */

    function stake(uint256 amount) external nonReentrant notPaused updateReward(msg.sender) {
        require(amount > 0, "Cannot stake 0");
        _totalSupply += amount;
        _balances[msg.sender] += amount;
        stakingToken.safeTransferFrom(msg.sender, address(this), amount);
        emit Staked(msg.sender, amount);
    }

    function withdraw(uint256 amount) public nonReentrant updateReward(msg.sender) {
        require(amount > 0, "Cannot withdraw 0");
        // The deployed contracts subtract with OpenZeppelin 2's SafeMath: same reason string.
        require(amount <= _balances[msg.sender], "SafeMath: subtraction overflow");
        _totalSupply -= amount;
        _balances[msg.sender] -= amount;
        stakingToken.safeTransfer(msg.sender, amount);
        emit Withdrawn(msg.sender, amount);
    }

    /// @notice Pays the caller everything it earned, in every reward token.
    function getReward() public nonReentrant updateReward(msg.sender) {
        for (uint256 i = 0; i < rewardTokens.length; i++) {
            address token = rewardTokens[i];
            uint256 reward = rewards[msg.sender][token];
            if (reward > 0) {
                rewards[msg.sender][token] = 0;
                IERC20(token).safeTransfer(msg.sender, reward);
                emit RewardPaid(msg.sender, token, reward);
            }
        }
    }

    function exit() external {
        withdraw(_balances[msg.sender]);
        getReward();
    }

    /* ========== RESTRICTED FUNCTIONS ========== */

    /// @notice Adds a reward token, paid over periods of `rewardsDuration` seconds once notified.
    function addReward(address rewardsToken, address rewardsDistributor, uint256 rewardsDuration) external onlyOwner {
        require(rewardData[rewardsToken].rewardsDuration == 0, "Reward token already added");
        require(rewardsDuration > 0, "Reward duration must be non-zero");
        rewardTokens.push(rewardsToken);
        rewardData[rewardsToken].rewardsDistributor = rewardsDistributor;
        rewardData[rewardsToken].rewardsDuration = rewardsDuration;
    }

    /// @notice Pulls `reward` wei from the distributor and pays it, plus what the running period
    ///         had left, over a new period of the token's duration starting now.
    function notifyRewardAmount(address rewardsToken, uint256 reward) external updateReward(address(0)) {
        Reward storage data = rewardData[rewardsToken];
        require(data.rewardsDistributor == msg.sender, "Caller is not the rewards distributor");
        IERC20(rewardsToken).safeTransferFrom(msg.sender, address(this), reward);
        if (block.timestamp >= data.periodFinish) {
            data.rewardRate = reward / data.rewardsDuration;
        } else {
            uint256 leftover = (data.periodFinish - block.timestamp) * data.rewardRate;
            data.rewardRate = (reward + leftover) / data.rewardsDuration;
        }
        data.lastUpdateTime = block.timestamp;
        data.periodFinish = block.timestamp + data.rewardsDuration;
        emit RewardAdded(reward);
    }

    function setRewardsDistributor(address rewardsToken, address rewardsDistributor) external onlyOwner {
        rewardData[rewardsToken].rewardsDistributor = rewardsDistributor;
    }

    function setRewardsDuration(address rewardsToken, uint256 rewardsDuration) external {
        Reward storage data = rewardData[rewardsToken];
        require(block.timestamp > data.periodFinish, "Reward period still active");
        require(data.rewardsDistributor == msg.sender, "Caller is not the rewards distributor");
        require(rewardsDuration > 0, "Reward duration must be non-zero");
        data.rewardsDuration = rewardsDuration;
        emit RewardsDurationUpdated(rewardsToken, rewardsDuration);
    }

    /// @notice Sends the owner a token sent here by mistake; never the staking or a reward token.
    function recoverERC20(address tokenAddress, uint256 tokenAmount) external onlyOwner {
        require(tokenAddress != address(stakingToken), "Cannot withdraw staking token");
        require(rewardData[tokenAddress].lastUpdateTime == 0, "Cannot withdraw reward token");
        IERC20(tokenAddress).safeTransfer(owner(), tokenAmount);
        emit Recovered(tokenAddress, tokenAmount);
    }

    function setPaused(bool paused_) external onlyOwner {
        if (paused_ == paused) return;
        paused = paused_;
        if (paused_) lastPauseTime = block.timestamp;
        emit PauseChanged(paused_);
    }
}
