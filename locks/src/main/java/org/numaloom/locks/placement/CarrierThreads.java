package org.numaloom.locks.placement;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * Access to the carrier of the current virtual thread: the JDK-private
 * {@code Thread.currentCarrierThread()}, reachable only if {@code java.base/java.lang} is opened to
 * this library ({@code --add-opens java.base/java.lang=ALL-UNNAMED}).
 */
final class CarrierThreads {
    private static final MethodHandle CURRENT_CARRIER = findCurrentCarrier();

    private CarrierThreads() {
    }

    private static MethodHandle findCurrentCarrier() {
        try {
            MethodHandles.Lookup lookup = MethodHandles.privateLookupIn(Thread.class, MethodHandles.lookup());
            return lookup.findStatic(Thread.class, "currentCarrierThread", MethodType.methodType(Thread.class));
        } catch (IllegalAccessException | NoSuchMethodException | SecurityException e) {
            return null;
        }
    }

    static boolean visible() {
        return CURRENT_CARRIER != null;
    }

    /** The carrier of the current thread (the thread itself if it is a platform thread). */
    static Thread currentCarrier() {
        try {
            return (Thread) CURRENT_CARRIER.invokeExact();
        } catch (Throwable e) {
            throw new IllegalStateException("Thread.currentCarrierThread failed", e);
        }
    }
}
