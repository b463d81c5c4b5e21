package org.numaloom.perf.placement;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.numaloom.locks.topology.Topology;
import org.numaloom.locks.placement.CpuLocator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The JNA binding on this machine, on a thread of its own so that the test JVM's threads keep their CPUs. */
class AffinityTest {

    @Test
    void pinsTheCallingThreadAndReadsItBack() throws Exception {
        int cpu = Placement.machineCpus(Topology.current()).get(0).cpu();
        List<Integer>[] seen = onNewThread(() -> {
            Affinity.pinCurrentThread(List.of(cpu));
            return List.of(Affinity.currentThreadCpus(), List.of(CpuLocator.currentCpuUncached()));
        });
        assertEquals(List.of(cpu), seen[0]);
        assertEquals(List.of(cpu), seen[1], "the kernel moved the thread there at once");
    }

    @Test
    void aCpuOutsideTheMachineIsRefusedWithItsErrorNumber() throws Exception {
        int absent = Placement.machineCpus(Topology.current()).stream().mapToInt(Placement.HostCpu::cpu).max().orElseThrow() + 1;
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> onNewThread(() -> {
                    Affinity.pinCurrentThread(List.of(absent));
                    return List.of();
                }));
        assertTrue(e.getMessage().contains("failed with error 22"), e.getMessage());
    }

    @SuppressWarnings("unchecked")
    private static List<Integer>[] onNewThread(java.util.concurrent.Callable<List<List<Integer>>> action) throws Exception {
        Object[] result = new Object[1];
        Thread thread = new Thread(() -> {
            try {
                result[0] = action.call();
            } catch (Exception | Error e) {
                result[0] = e;
            }
        });
        thread.start();
        thread.join();
        if (result[0] instanceof RuntimeException e) {
            throw e;
        }
        return ((List<List<Integer>>) result[0]).toArray(List[]::new);
    }
}
