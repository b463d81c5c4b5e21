package org.numaloom.locks;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

import org.numaloom.locks.placement.CpuLocator;

/**
 * Whether a lock's holder can be running now, for a waiter deciding whether to spin.
 *
 * <p>A virtual thread that holds a lock and is unmounted (it yielded or parked inside its critical
 * section, or waits for a carrier) cannot let the lock go until it is scheduled again: spinning for
 * its release wastes the carrier, and with few carriers takes the very carrier it needs. A
 * virtual thread is mounted exactly while its JDK-private {@code carrierThread} field is set; this
 * class reads that field when {@code java.base/java.lang} is opened to the library
 * ({@code --add-opens java.base/java.lang=ALL-UNNAMED}, which the kit asks for anyway). Without the
 * flag (the warning of {@link CpuLocator}, whose cache needs the same flag, says so), or for a
 * platform thread, the holder counts as possibly running, and the spin's own time bound is what
 * limits the waste.
 */
final class Holders {
    /**
     * Whether the default scheduler of virtual threads has more than one carrier. Then one thread
     * may spin while a holder waits for a carrier: the holder still has another carrier to come
     * back on. With one carrier it has not.
     */
    static final boolean SEVERAL_CARRIERS = CpuLocator.defaultSchedulerCarriers() > 1;

    /** {@code (Thread) -> Thread}: the carrier of a virtual thread, null while it is unmounted. */
    private static final MethodHandle CARRIER_OF_VIRTUAL = findCarrierGetter();

    private Holders() {
    }

    private static MethodHandle findCarrierGetter() {
        try {
            Class<?> virtualThread = Class.forName("java.lang.VirtualThread");
            MethodHandles.Lookup lookup = MethodHandles.privateLookupIn(virtualThread, MethodHandles.lookup());
            return lookup.findGetter(virtualThread, "carrierThread", Thread.class)
                    .asType(MethodType.methodType(Thread.class, Thread.class));
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }

    /** False only if the holder is known not to run: a virtual thread that is not mounted. */
    static boolean mayBeRunning(Thread holder) {
        if (holder == null || CARRIER_OF_VIRTUAL == null || !holder.isVirtual()) {
            return true;
        }
        try {
            return (Thread) CARRIER_OF_VIRTUAL.invokeExact(holder) != null;
        } catch (Throwable e) {
            return true;
        }
    }
}
