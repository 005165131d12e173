import type { Locator } from 'playwright-core';

/** Fills the journey form's states list (a name and a priority a row), from the first row on. */
export const fillStates = async (form: Locator, states: [name: string, priority: string][]) => {
  for (const [index, [name, priority]] of states.entries()) {
    await form.getByLabel(`State ${index + 1}`, { exact: true }).fill(name);
    await form.getByLabel(`Priority of state ${index + 1}`, { exact: true }).selectOption(priority);
  }
};

/** The states the list shows, as 'Name | Priority' (empty rows left out). */
export const statesShown = async (form: Locator) => {
  const names = await Promise.all((await form.locator('input[name=stateName]').all()).map((input) => input.inputValue()));
  const priorities = await Promise.all((await form.locator('select[name=statePriority]').all()).map((select) => select.inputValue()));
  return names.flatMap((name, index) => (name ? [`${name} | ${priorities[index]}`] : []));
};
