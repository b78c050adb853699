/**
 * The lab jar's entry point, {@link org.shogibridge.lab.Lab}: the developers' tools, apart from what a board owner
 * runs.
 */
package org.shogibridge.lab;
