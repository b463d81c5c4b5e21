package org.numaloom.locks;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.numaloom.locks.registry.LockType;

/**
 * The differential oracle over every lock case, a user's registered lock included: every call of
 * the {@link ReentrantLockOracle}'s table must do what it does on {@code ReentrantLock}. The
 * oracle's own negative controls show that it reports a lock broken in a single call at that call.
 */
class ReentrantLockOracleTest {
    @ParameterizedTest @MethodSource("org.numaloom.locks.LockCases#stream")
    void everyLockAndConditionCallDoesWhatItDoesOnReentrantLock(LockType type) throws Exception {
        List<ReentrantLockOracle.Difference> differences = ReentrantLockOracle.differences(type);
        assertTrue(differences.isEmpty(), () -> differences.size() + " calls of " + type
                + " differ from ReentrantLock:\n" + inLines(differences));
    }

    @Test
    void holdsALockThatDoesNotClaimReentrancyToEveryCallButReentry() throws Exception {
        LockType nonReentrant = new LockType("REFUSES_REENTRY", "ReentrantLock that refuses its holder", false,
                RefusesReentry::new);
        List<ReentrantLockOracle.Difference> differences = ReentrantLockOracle.differences(nonReentrant);
        assertTrue(differences.isEmpty(), () -> differences.size() + " calls differ:\n" + inLines(differences));
    }

    @Test
    void stillReportsALockThatDoesNotClaimReentrancyWhereItsHolderCallsSomethingElse() throws Exception {
        LockType keepsTheLock = new LockType("KEEPS_THE_LOCK", "RefusesReentry whose unlock does nothing", false,
                () -> new RefusesReentry() {
                    @Override
                    public void unlock() {
                    }
                });
        assertReported(keepsTheLock, "unlock() while held once: ReentrantLock returns at once");
    }

    /** A correct lock that is not reentrant: its holder's acquisitions fail, the rest is ReentrantLock's. */
    private static class RefusesReentry extends ReentrantLock {
        @Override
        public void lock() {
            refuseTheHolder();
            super.lock();
        }

        @Override
        public void lockInterruptibly() throws InterruptedException {
            refuseTheHolder();
            super.lockInterruptibly();
        }

        @Override
        public boolean tryLock() {
            return !isHeldByCurrentThread() && super.tryLock();
        }

        @Override
        public boolean tryLock(long time, TimeUnit unit) throws InterruptedException {
            return !isHeldByCurrentThread() && super.tryLock(time, unit);
        }

        private void refuseTheHolder() {
            if (isHeldByCurrentThread()) {
                throw new IllegalStateException("not reentrant: the holder may not lock again");
            }
        }
    }

    @Test
    void reportsALockWithoutExclusionWhereItTakesAHeldLock() throws Exception {
        assertReported("NO_EXCLUSION",
                "tryLock() while another thread holds it: ReentrantLock returns false at once");
    }

    @Test
    void reportsALockThatAcceptsAnUnlockByAThreadThatDoesNotHoldIt() throws Exception {
        assertReported("FOREIGN_UNLOCK",
                "unlock() while another thread holds it: ReentrantLock throws IllegalMonitorStateException");
    }

    private static void assertReported(String brokenLock, String expectedDifference) throws Exception {
        assertReported(LockCases.named(brokenLock), expectedDifference);
    }

    private static void assertReported(LockType brokenLock, String expectedDifference) throws Exception {
        List<ReentrantLockOracle.Difference> differences = ReentrantLockOracle.differences(brokenLock);
        assertTrue(differences.stream().anyMatch(difference -> difference.toString().startsWith(expectedDifference)),
                () -> "the oracle did not report \"" + expectedDifference + "...\" for " + brokenLock
                        + "; it reported:\n" + inLines(differences));
    }

    private static String inLines(List<ReentrantLockOracle.Difference> differences) {
        return differences.stream().map(difference -> "  " + difference).collect(Collectors.joining("\n"));
    }
}
