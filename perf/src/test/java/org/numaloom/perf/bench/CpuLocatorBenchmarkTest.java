package org.numaloom.perf.bench;

import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

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
