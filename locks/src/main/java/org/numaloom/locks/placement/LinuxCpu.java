package org.numaloom.locks.placement;

import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;

/**
 * glibc's {@code sched_getcpu}, bound through JNA direct mapping (the cheapest JNA call: no
 * argument conversion, no allocation). glibc resolves it through the vDSO where the kernel has one
 * and through the architecture's own {@code getcpu} system call otherwise, so the same binding
 * serves x86_64 and aarch64 without a system-call number.
 */
final class LinuxCpu {
    private static final boolean AVAILABLE = bind();

    private LinuxCpu() {
    }

    private static boolean bind() {
        try {
            Native.register(LinuxCpu.class, NativeLibrary.getInstance("c"));
            return sched_getcpu() >= 0;
        } catch (UnsatisfiedLinkError | NoClassDefFoundError | IllegalArgumentException e) {
            System.getLogger("org.numaloom.locks").log(System.Logger.Level.WARNING,
                    "numaloom: sched_getcpu is not available (" + e + "); every thread is taken to run on CPU 0");
            return false;
        }
    }

    static boolean available() {
        return AVAILABLE;
    }

    /** The CPU the calling thread runs on, or -1 if it cannot be known. */
    static int currentCpu() {
        return AVAILABLE ? sched_getcpu() : -1;
    }

    private static native int sched_getcpu();
}
