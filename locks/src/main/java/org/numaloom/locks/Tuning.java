package org.numaloom.locks;

import java.util.function.UnaryOperator;

/**
 * The kit's tuning properties ({@code -Dnumaloom.handOffBound=16} and the like), each read once,
 * when the lock class that uses it is initialized, as the default of the locks built without their
 * own value.
 *
 * <p>A value that is not a whole number in range is refused, rather than ignored as
 * {@link Integer#getInteger} ignores {@code 1k}: the lock classes still load (a class whose
 * initializer threw would be lost to the JVM, every later use a {@link NoClassDefFoundError}), the
 * {@code DEFAULT_...} constants keep the built-in default, and every lock built without its own
 * value, the kind that would have used the property, throws an {@link IllegalArgumentException}
 * that names the property, the value and what it should be.
 */
final class Tuning {
    private Tuning() {
    }

    /**
     * One property as read.
     *
     * @param value   the property's value, or the default if it is absent or refused
     * @param refusal why the property's value was refused; null if it was not
     */
    record Setting(long value, String refusal) {
        /** The value for a lock built without its own: refused, an {@link IllegalArgumentException}. */
        long checked() {
            if (refusal != null) {
                throw new IllegalArgumentException(refusal);
            }
            return value;
        }
    }

    /** A duration in nanoseconds, 0 or more, from the system property {@code name}. */
    static Setting nanos(String name, long defaultValue) {
        return nanos(System::getProperty, name, defaultValue);
    }

    /** A count, {@code least} or more, from the system property {@code name}. */
    static Setting count(String name, int least, int defaultValue) {
        return count(System::getProperty, name, least, defaultValue);
    }

    static Setting nanos(UnaryOperator<String> properties, String name, long defaultValue) {
        return read(properties, name, 0, Long.MAX_VALUE, defaultValue, "a whole number of nanoseconds, 0 or more");
    }

    static Setting count(UnaryOperator<String> properties, String name, int least, int defaultValue) {
        return read(properties, name, least, Integer.MAX_VALUE, defaultValue, "a whole number, " + least + " or more");
    }

    private static Setting read(UnaryOperator<String> properties, String name, long least, long most,
                                long defaultValue, String expected) {
        String text = properties.apply(name);
        if (text == null) {
            return new Setting(defaultValue, null);
        }
        try {
            long value = Long.parseLong(text.strip());
            if (value >= least && value <= most) {
                return new Setting(value, null);
            }
        } catch (NumberFormatException e) {
            // refused below, as a value out of range is
        }
        return new Setting(defaultValue, "-D" + name + "=" + text + " is not " + expected
                + "; give such a value, or leave the property out for the default, " + defaultValue);
    }
}
