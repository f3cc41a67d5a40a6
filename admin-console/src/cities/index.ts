export { CityPicker, CityChip, CityName, useCities, useChosenCity } from './use-cities';
export { chosenCity, withChosenCity } from './city-choice';
