package org.numaloom.locks;

/**
 * Leading padding: 128 bytes (two cache lines, against adjacent-line prefetch) between an object's
 * header and the fields of its subclasses.
 *
 * <p>HotSpot lays out a superclass's fields before a subclass's, so a hot field declared in a
 * subclass lands at least 128 bytes past anything before the object. The {@code int} fills the
 * four-byte gap that a header with compressed class pointers leaves before the first {@code long};
 * without it HotSpot may move a subclass's {@code int} field into that gap, next to the header.
 * Hot classes end with 128 bytes of trailing padding of their own. This needs no JVM flag, unlike
 * {@code @Contended} outside the JDK, which HotSpot ignores without {@code -XX:-RestrictContended}.
 */
abstract class Padding {
    @SuppressWarnings("unused")
    private int gapFiller;
    @SuppressWarnings("unused")
    private long p00, p01, p02, p03, p04, p05, p06, p07, p08, p09, p10, p11, p12, p13, p14, p15;
}
