package org.numaloom.stress.jcstress;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The watchdog of jcstress's forks, over a process of the test's own (a {@code sleep}), so that no
 * other child of the test JVM is at risk.
 */
class ForkWatchdogTest {

    /**
     * A fork that outlives the limit is killed, and the owner is told after the kill: what lets a
     * run stop at its first hang ({@code --stop-at-first-hang}) rather than wait out every other
     * test that hangs.
     */
    @Test
    void aForkPastTheLimitIsKilledAndTheOwnerToldAfterwards(@TempDir Path dumps) throws Exception {
        Process fork = new ProcessBuilder("sleep", "120").start();
        CountDownLatch told = new CountDownLatch(1);
        try (ForkWatchdog watchdog = new ForkWatchdog(Duration.ofSeconds(1), dumps, told::countDown,
                () -> Stream.of(fork.toHandle()))) {
            assertTrue(told.await(30, TimeUnit.SECONDS), "the owner was not told that a fork was killed");
            assertTrue(fork.waitFor(10, TimeUnit.SECONDS), "the fork past its limit is still running");
        } finally {
            fork.destroyForcibly();
        }
    }

    /** A fork within its limit is neither killed nor reported. */
    @Test
    void aForkWithinTheLimitIsLeftAlone(@TempDir Path dumps) throws Exception {
        Process fork = new ProcessBuilder("sleep", "120").start();
        CountDownLatch told = new CountDownLatch(1);
        try (ForkWatchdog watchdog = new ForkWatchdog(Duration.ofSeconds(60), dumps, told::countDown,
                () -> Stream.of(fork.toHandle()))) {
            assertFalse(told.await(3, TimeUnit.SECONDS), "the owner was told of a kill within the limit");
            assertTrue(fork.isAlive(), "a fork within its limit was killed");
        } finally {
            fork.destroyForcibly();
        }
    }
}
