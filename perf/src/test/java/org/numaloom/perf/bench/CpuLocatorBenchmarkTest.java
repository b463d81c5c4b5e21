package org.numaloom.perf.bench;

import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;
import org.numaloom.locks.topology.Topology;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The states' checks that a fork measures what its benchmark's name says. The tests run with
 * {@code --add-opens java.base/java.lang} (surefire's argLine), so carriers are visible.
 */
class CpuLocatorBenchmarkTest {

    @Test
    void platformThreadPassesOnlyThePlatformCheck() {
        assertDoesNotThrow(() -> new CpuLocatorBenchmark.OnPlatformThread().check());
        assertThrows(IllegalStateException.class, () -> new CpuLocatorBenchmark.OnVirtualThreadSeeingCarriers().check());
    }

    @Test
    void virtualThreadSeeingCarriersPassesOnlyItsOwnCheck() throws InterruptedException {
        assertNull(failureOnVirtualThread(() -> new CpuLocatorBenchmark.OnVirtualThreadSeeingCarriers().check()));
        assertInstanceOf(IllegalStateException.class,
                failureOnVirtualThread(() -> new CpuLocatorBenchmark.OnVirtualThreadBlindToCarriers().check()));
        assertInstanceOf(IllegalStateException.class,
                failureOnVirtualThread(() -> new CpuLocatorBenchmark.OnPlatformThread().check()));
    }

    /** Under the machine's one node, Handoffs would record nothing, so the node benchmark's fork must have its override. */
    @Test
    void theNodeBenchmarkRefusesATopologyOfOneNode() throws InterruptedException {
        assumeTrue(!Handoffs.recordedUnder(Topology.current()), "the test JVM runs under a topology of several nodes");
        Throwable failure = failureOnVirtualThread(() -> new CpuLocatorBenchmark.OnVirtualThreadUnderTwoNodes().check());
        assertInstanceOf(IllegalStateException.class, failure);
        assertTrue(failure.getMessage().startsWith("this benchmark must run under the topology \"2 nodes x 1 cpus\""),
                failure.getMessage());
    }

    private static Throwable failureOnVirtualThread(Runnable check) throws InterruptedException {
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread.ofVirtual().start(() -> {
            try {
                check.run();
            } catch (Throwable t) {
                failure.set(t);
            }
        }).join();
        return failure.get();
    }
}
