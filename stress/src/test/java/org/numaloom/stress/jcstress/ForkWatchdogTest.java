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
     * run stop at its first hang ({@code --stop-at-first-failure}) rather than wait out every other
     * test that hangs.
     */
    @Test
    void aForkPastTheLimitIsKilledAndTheOwnerToldAfterwards(@TempDir Path dumps) throws Exception {
        Watched watched = watchASleepingProcess(Duration.ofSeconds(1), Duration.ofSeconds(30), dumps);
        assertTrue(watched.ownerTold(), "the owner was not told that a fork was killed");
        assertFalse(watched.stillRunning(), "the fork past its limit is still running");
    }

    /** A fork within its limit is neither killed nor reported. */
    @Test
    void aForkWithinTheLimitIsLeftAlone(@TempDir Path dumps) throws Exception {
        Watched watched = watchASleepingProcess(Duration.ofSeconds(60), Duration.ofSeconds(3), dumps);
        assertFalse(watched.ownerTold(), "the owner was told of a kill within the limit");
        assertTrue(watched.stillRunning(), "a fork within its limit was killed");
    }

    private record Watched(boolean ownerTold, boolean stillRunning) {
    }

    /**
     * Watches a {@code sleep} with a watchdog of that limit until its owner is told of a kill or
     * {@code patience} runs out; a killed process gets 10 s to end.
     */
    private static Watched watchASleepingProcess(Duration limit, Duration patience, Path dumps) throws Exception {
        Process fork = new ProcessBuilder("sleep", "120").start();
        CountDownLatch told = new CountDownLatch(1);
        try (ForkWatchdog watchdog = new ForkWatchdog(limit, dumps, told::countDown, () -> Stream.of(fork.toHandle()))) {
            boolean ownerTold = told.await(patience.toMillis(), TimeUnit.MILLISECONDS);
            boolean ended = fork.waitFor(ownerTold ? 10 : 0, TimeUnit.SECONDS);
            return new Watched(ownerTold, !ended);
        } finally {
            fork.destroyForcibly();
        }
    }
}
