/**
 * Game records: reading and writing KIF, KI2, CSA, JKF and USI, strict about what they read and clear about where
 * a damaged record goes wrong.
 */
package org.shogibridge.core.record;
