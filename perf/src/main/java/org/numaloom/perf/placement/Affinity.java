package org.numaloom.perf.placement;

import java.util.ArrayList;
import java.util.List;

import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;

/**
 * The calling thread's CPU affinity, through glibc's {@code pthread_setaffinity_np} and
 * {@code pthread_getaffinity_np} bound by JNA direct mapping. Called from a virtual thread, these
 * act on the carrier it is mounted on, which is how {@link CarrierPinning} pins carriers.
 *
 * <p>The mask is glibc's {@code cpu_set_t}: {@value #MASK_WORDS} {@code unsigned long}s, CPU
 * {@code n} being bit {@code n % 64} of word {@code n / 64}. {@code pthread_t} and {@code size_t}
 * are taken as 64-bit, which they are on the LP64 Linux systems (x86_64, aarch64) the kit runs on.
 */
final class Affinity {
    /** {@code CPU_SETSIZE} (1024) bits. */
    static final int MASK_WORDS = 16;
    static final int MAX_CPU = MASK_WORDS * Long.SIZE - 1;

    static {
        Native.register(Affinity.class, NativeLibrary.getInstance("c"));
    }

    private Affinity() {
    }

    /**
     * Restricts the calling thread (a virtual thread's carrier) to these CPUs.
     *
     * @throws IllegalStateException with the error number, if the kernel refuses (a CPU outside the
     *     process's cpuset, say)
     */
    static void pinCurrentThread(List<Integer> cpus) {
        long[] mask = new long[MASK_WORDS];
        for (int cpu : cpus) {
            if (cpu < 0 || cpu > MAX_CPU) {
                throw new IllegalArgumentException("CPU " + cpu + " is outside 0.." + MAX_CPU);
            }
            mask[cpu / Long.SIZE] |= 1L << (cpu % Long.SIZE);
        }
        int error = pthread_setaffinity_np(pthread_self(), (long) MASK_WORDS * Long.BYTES, mask);
        if (error != 0) {
            throw new IllegalStateException("pthread_setaffinity_np(" + cpus + ") failed with error " + error
                    + " (22 = EINVAL: no allowed CPU in the set, e.g. outside this process's cpuset)");
        }
    }

    /** The CPUs the calling thread may run on, ascending. */
    static List<Integer> currentThreadCpus() {
        long[] mask = new long[MASK_WORDS];
        int error = pthread_getaffinity_np(pthread_self(), (long) MASK_WORDS * Long.BYTES, mask);
        if (error != 0) {
            throw new IllegalStateException("pthread_getaffinity_np failed with error " + error);
        }
        List<Integer> cpus = new ArrayList<>();
        for (int cpu = 0; cpu <= MAX_CPU; cpu++) {
            if ((mask[cpu / Long.SIZE] & (1L << (cpu % Long.SIZE))) != 0) {
                cpus.add(cpu);
            }
        }
        return cpus;
    }

    private static native long pthread_self();

    private static native int pthread_setaffinity_np(long thread, long maskBytes, long[] mask);

    private static native int pthread_getaffinity_np(long thread, long maskBytes, long[] mask);
}
