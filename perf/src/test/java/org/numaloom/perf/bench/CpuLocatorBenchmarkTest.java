package org.numaloom.perf.bench;

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
        assertNull(VirtualThreadCheck.failureOf(() -> new CpuLocatorBenchmark.OnVirtualThreadSeeingCarriers().check()));
        assertInstanceOf(IllegalStateException.class,
                VirtualThreadCheck.failureOf(() -> new CpuLocatorBenchmark.OnVirtualThreadBlindToCarriers().check()));
        assertInstanceOf(IllegalStateException.class,
                VirtualThreadCheck.failureOf(() -> new CpuLocatorBenchmark.OnPlatformThread().check()));
    }

    /** Under the machine's one node, Handoffs would record nothing, so the node benchmark's fork must have its override. */
    @Test
    void theNodeBenchmarkRefusesATopologyOfOneNode() throws InterruptedException {
        assumeTrue(!Handoffs.recordedUnder(Topology.current()), "the test JVM runs under a topology of several nodes");
        Throwable failure = VirtualThreadCheck.failureOf(() -> new CpuLocatorBenchmark.OnVirtualThreadUnderTwoNodes().check());
        assertInstanceOf(IllegalStateException.class, failure);
        assertTrue(failure.getMessage().startsWith("this benchmark must run under the topology \"2 nodes x 1 cpus\""),
                failure.getMessage());
    }
}
