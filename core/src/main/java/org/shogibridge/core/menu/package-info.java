/**
 * The screenless menu of the board's menu button ({@link org.shogibridge.core.menu.BoardMenu}): short presses cycle
 * its entries, a long press chooses, the LEDs and the voice show where the player is, and what is chosen comes out
 * as a {@link org.shogibridge.core.menu.MenuChoice} for the device layer to carry out. Pure and on virtual time.
 */
package org.shogibridge.core.menu;
