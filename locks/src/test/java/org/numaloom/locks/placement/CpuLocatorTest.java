package org.numaloom.locks.placement;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

class CpuLocatorTest {
    private static int hostCpuIds() throws Exception {
        String online = Files.readString(Path.of("/sys/devices/system/cpu/online")).strip();
        String last = online.substring(Math.max(online.lastIndexOf(','), online.lastIndexOf('-')) + 1);
        return Integer.parseInt(last) + 1;
    }

    @Test
    void theKernelAnswersOnLinux() {
        assumeTrue(Files.isDirectory(Path.of("/sys/devices/system/cpu")), "not Linux");
        assertTrue(CpuLocator.kernelAnswers(), "sched_getcpu through JNA failed on Linux");
    }

    @Test
    void everyPathReportsAnOnlineCpu() throws Exception {
        assumeTrue(CpuLocator.kernelAnswers(), "sched_getcpu unavailable");
        int ids = hostCpuIds();
        for (int i = 0; i < 1000; i++) {
            assertValid(CpuLocator.currentCpu(), ids);
            assertValid(CpuLocator.currentCpuUncached(), ids);
        }
        AtomicInteger fromVirtual = new AtomicInteger(-2);
        Thread.ofVirtual().start(() -> fromVirtual.set(CpuLocator.currentCpu())).join();
        assertValid(fromVirtual.get(), ids);
    }

    /** The build runs tests with the kit's JVM flags (numaloom.jvmFlags); if they are lost, virtual threads lose their cache. */
    @Test
    void theBuildLetsTheLibrarySeeCarriers() {
        assertTrue(CpuLocator.carriersVisible(),
                "Thread.currentCarrierThread is not accessible: is --add-opens java.base/java.lang=ALL-UNNAMED missing?");
    }

    private static void assertValid(int cpu, int ids) {
        assertTrue(cpu >= 0 && cpu < ids, "CPU " + cpu + " is not one of the " + ids + " CPU ids");
    }
}
